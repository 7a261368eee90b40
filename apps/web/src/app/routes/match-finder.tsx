import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TargetIcon } from '../../components/icons';
import { useMatchFinder } from '../../features/search/api/get-match-finder';
import { Suggestions } from '../../features/search/components/suggestions';
import { Page } from '../components/page';

/** The match finder: suggestions from the member's preferences, best first, each with its reasons. */
export function Component() {
  const { t } = useTranslation();
  const matches = useMatchFinder();
  return (
    <Page title={t('pages.matchFinder.title')} intro={t('search.matchFinderIntro')} icon={<TargetIcon size={28} />}>
      <Suggestions
        query={matches}
        label={t('search.suggestions')}
        empty={{
          icon: <TargetIcon size={28} />,
          title: t('pages.matchFinder.emptyTitle'),
          text: t('pages.matchFinder.emptyText'),
          action: (
            <Link className="btn btn-primary" to="/members">
              {t('actions.discover')}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
