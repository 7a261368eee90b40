import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SparklesIcon } from '../../components/icons';
import { useSignupMatches } from '../../features/search/api/get-signup-matches';
import { Suggestions } from '../../features/search/components/suggestions';
import { Page } from '../components/page';

/** Right after signup: first suggestions from what a new member has, and on to the search. */
export function Component() {
  const { t } = useTranslation();
  const matches = useSignupMatches();
  return (
    <Page
      title={t('search.signupMatchesTitle')}
      intro={t('pages.signupMatches.intro')}
      icon={<SparklesIcon size={28} />}
    >
      <Suggestions
        query={matches}
        label={t('search.signupMatchesTitle')}
        empty={{
          icon: <SparklesIcon size={28} />,
          title: t('pages.signupMatches.emptyTitle'),
          text: t('pages.signupMatches.emptyText'),
        }}
      />
      <div className="search-continue">
        <Link className="btn btn-primary btn-lg" to="/members">
          {t('search.continue')}
        </Link>
      </div>
    </Page>
  );
}
