import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FlameIcon, HeartIcon } from '../../components/icons';
import type { LikeEntry, LikesList } from '../../features/likes/api/contract';
import { getLikes, useLikes } from '../../data/likes';
import { entriesOf, mergeEntries, parseLikesTab } from '../../features/likes/rules';
import { ProfileCard } from '../../components/profile-card';
import '../../components/likes.scss';
import { LikesTabs } from '../components/likes-tabs';
import { Page } from '../components/page';
import { errorText } from '../../lib/error-text';

/** Likes received, given and mutual, one tab each (/likes is the received tab). */
export function Component() {
  const { t } = useTranslation();
  const tab = parseLikesTab(useParams().type) ?? 'received';
  return (
    <Page title={t('pages.likes.title')} intro={t('pages.likes.intro')} icon={<HeartIcon size={28} />}>
      <LikesTabs current={tab} />
      <LikesList key={tab} list={tab} />
    </Page>
  );
}

/** One list: the first page from the shared likes query, later pages by its cursor. */
function LikesList({ list }: { list: LikesList }) {
  const { t } = useTranslation();
  const likes = useLikes();
  const [more, setMore] = useState<{ entries: LikeEntry[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  if (!likes.data) {
    if (likes.isError) {
      return (
        <div className="card-panel member-state" role="alert">
          <p className="fw-semibold mb-1">{t('likes.loadError')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void likes.refetch()}>
            {t('likes.retry')}
          </button>
        </div>
      );
    }
    return (
      <p role="status" className="text-body-secondary">
        {t('likes.loading')}
      </p>
    );
  }

  const entries = mergeEntries(entriesOf(likes.data, list), more?.entries ?? []);
  const next = more ? more.next : likes.data.next[list];

  async function loadMore() {
    if (!next) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getLikes({ list, before: next });
      setMore((current) => ({
        entries: [...(current?.entries ?? []), ...entriesOf(page, list)],
        next: page.next[list],
      }));
    } catch (error) {
      setMoreError(errorText(error, t('likes.loadError')));
    } finally {
      setLoadingMore(false);
    }
  }

  if (entries.length === 0) {
    return (
      <EmptyState
        icon={<HeartIcon size={28} />}
        title={t(`pages.likes.empty.${list}.title`)}
        text={t(`pages.likes.empty.${list}.text`)}
        action={
          <div className="likes-empty-actions">
            <Link className="btn btn-primary" to="/members">
              {t('actions.discover')}
            </Link>
            <Link className="btn btn-outline-primary" to="/swipe-game">
              <FlameIcon size={18} aria-hidden="true" /> {t('likes.playSwipe')}
            </Link>
          </div>
        }
      />
    );
  }

  return (
    <section aria-label={t(`likes.list.${list}`)}>
      <ul className="member-card-grid" aria-label={t(`likes.list.${list}`)}>
        {entries.map((entry) => {
          // A liker's profile opens under /likes/m/, which clears the like's new flag.
          const fromLiker = list !== 'given';
          const isNew = list !== 'given' && entry.like_new;
          return (
            <li key={entry.id} className="likes-grid-item">
              {isNew && <span className="likes-new">{t('likes.new')}</span>}
              <ProfileCard
                card={entry.card}
                to={fromLiker ? `/likes/m/${entry.id}` : undefined}
                likeable={list !== 'matches'}
              />
            </li>
          );
        })}
      </ul>
      <div className="likes-more" aria-live="polite">
        {moreError && (
          <p className="text-danger fw-semibold" role="alert">
            {moreError}
          </p>
        )}
        {next && (
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
          >
            {loadingMore ? t('likes.loading') : t('likes.loadMore')}
          </button>
        )}
      </div>
    </section>
  );
}
