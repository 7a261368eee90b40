import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { CrownIcon, EyeIcon, LockIcon } from '../../../components/icons';
import { ProfileCard } from '../../../components/profile-card';
import '../../../components/likes.scss';
import { errorText } from '../../../lib/error-text';
import { useVisitors } from '../api/get-visitors';
import type { VisitorEntry } from '../api/contract';
import { blurredCardCount, isCountCapped } from '../rules';
import './visitors.scss';

/** Tiles the loading skeleton shows: two rows on a phone, one on a wide screen. */
const SKELETON_TILES = 4;

/**
 * The visitors page's body: who opened the member's profile (premium), or the count, blurred
 * cards and the premium prompt (free), with loading, error and empty states and "load more".
 */
export function VisitorsView() {
  const { t } = useTranslation();
  const visitors = useVisitors();

  if (!visitors.data) {
    if (visitors.isError) {
      return (
        <div className="card-panel member-state" role="alert">
          <p className="fw-semibold mb-1">{t('visitors.loadError')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void visitors.refetch()}>
            {t('visitors.retry')}
          </button>
        </div>
      );
    }
    return <VisitorsSkeleton />;
  }

  const [first] = visitors.data.pages;
  const total = first?.total ?? 0;
  const fresh = first?.new_visitors ?? 0;

  if (total === 0) {
    return (
      <EmptyState
        icon={<EyeIcon size={28} />}
        title={t('pages.visitors.empty.title')}
        text={t('pages.visitors.empty.text')}
        action={
          <div className="likes-empty-actions">
            <Link className="btn btn-primary" to="/profile">
              {t('actions.toProfile')}
            </Link>
            <Link className="btn btn-outline-primary" to="/members">
              {t('actions.discover')}
            </Link>
          </div>
        }
      />
    );
  }

  const summary = (
    <p className="visitors-summary">
      <span>{isCountCapped(total) ? t('visitors.countMany') : t('visitors.count', { count: total })}</span>
      {fresh > 0 && <span className="visitors-summary__new">{t('visitors.newCount', { count: fresh })}</span>}
    </p>
  );

  if (first?.premium_required) {
    return (
      <>
        {summary}
        <PremiumPrompt />
        <ul className="member-card-grid visitors-blurred" aria-hidden="true">
          {Array.from({ length: blurredCardCount(total) }, (_, i) => (
            <li key={i} className="visitor-blurred">
              <span className={`visitor-blurred__photo visitor-blurred__photo--${i % 4}`} />
              <span className="visitor-blurred__lock">
                <LockIcon size={18} />
              </span>
              <span className="visitor-blurred__caption">
                <span className="visitor-blurred__line" />
                <span className="visitor-blurred__line visitor-blurred__line--short" />
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  }

  const entries = visitors.data.pages.flatMap((page) => page.visitors);
  return (
    <section aria-label={t('visitors.list')}>
      {summary}
      <ul className="member-card-grid" aria-label={t('visitors.list')}>
        {entries.map((entry) => (
          <VisitorItem key={entry.id} entry={entry} />
        ))}
      </ul>
      <div className="likes-more" aria-live="polite">
        {visitors.isFetchNextPageError && (
          <p className="text-danger fw-semibold" role="alert">
            {errorText(visitors.error, t('visitors.loadError'))}
          </p>
        )}
        {visitors.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => void visitors.fetchNextPage()}
            disabled={visitors.isFetchingNextPage}
          >
            {visitors.isFetchingNextPage ? t('visitors.loading') : t('visitors.loadMore')}
          </button>
        )}
      </div>
    </section>
  );
}

/** One visitor: their card, a new marker, and when (and how often) they came. */
function VisitorItem({ entry }: { entry: VisitorEntry }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' }).format(
    new Date(entry.last_visit),
  );
  return (
    <li className="likes-grid-item visitor-item">
      {entry.new && <span className="likes-new">{t('visitors.new')}</span>}
      <ProfileCard card={entry.card} likeable />
      <p className="visitor-item__when">
        <EyeIcon size={14} />
        <span className="visually-hidden">{t('visitors.visited', { date })}</span>
        <span aria-hidden="true">{date}</span>
        {entry.visits > 1 && (
          <span className="visitor-item__count">{t('visitors.visits', { count: entry.visits })}</span>
        )}
      </p>
    </li>
  );
}

/** The spec's premium-only feature prompt, in the page: who visited shows after upgrading. */
function PremiumPrompt() {
  const { t } = useTranslation();
  return (
    <section className="visitors-premium" aria-labelledby="visitors-premium-title">
      <span className="visitors-premium__icon" aria-hidden="true">
        <CrownIcon size={26} />
      </span>
      <div className="visitors-premium__body">
        <h2 id="visitors-premium-title" className="visitors-premium__title">
          {t('visitors.premium.title')}
        </h2>
        <p className="visitors-premium__text">{t('visitors.premium.text')}</p>
      </div>
      <Link to="/premium" className="btn btn-primary btn-lg visitors-premium__action">
        {t('visitors.premium.action')}
      </Link>
    </section>
  );
}

/** Grey tiles in the grid's shape while the first page loads. */
function VisitorsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">{t('visitors.loading')}</span>
      <ul className="member-card-grid" aria-hidden="true">
        {Array.from({ length: SKELETON_TILES }, (_, i) => (
          <li key={i} className="visitor-skeleton" />
        ))}
      </ul>
    </div>
  );
}
