import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FlameIcon, SearchIcon } from '../../components/icons';
import { useUser } from '../../features/account/api/get-user';
import { Page } from '../components/page';

/** Search members: the search frame and its results. */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.members.title')} intro={t('pages.members.intro')} icon={<SearchIcon size={28} />}>
      <section className="search-results" aria-label={t('pages.members.results')}>
        <EmptyState
          icon={<SearchIcon size={28} />}
          title={t('pages.members.emptyTitle')}
          text={t('pages.members.emptyText')}
          action={
            user ? (
              <Link className="btn btn-primary" to="/swipe-game">
                <FlameIcon size={18} /> {t('actions.swipe')}
              </Link>
            ) : (
              <Link className="btn btn-primary" to="/signup">
                {t('nav.signup')}
              </Link>
            )
          }
        />
      </section>
    </Page>
  );
}
