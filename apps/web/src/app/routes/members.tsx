import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResults } from '../../features/search/components/search-results';
import { SignupPrompt } from '../../features/search/components/signup-prompt';
import {
  appliedFilters,
  filtersFromForm,
  filtersFromParams,
  paramsFromFilters,
  visitorMaySearch,
  type AppliedFilters,
} from '../../features/search/rules';
import { useSettings } from '../../data/settings';
import { Page } from '../components/page';

/**
 * Search members. The URL query is the search state: a search is shareable, and the back
 * button returns to the previous one. The form shows the defaults the server applies.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // Keyed on the query string so an unchanged URL keeps the same objects (and the same cached search).
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(query), settings), [query, settings]);
  const memberCountry = user?.profile.country ?? null;
  const applied = useMemo(() => appliedFilters(filters, settings, memberCountry), [filters, settings, memberCountry]);
  const defaults = useMemo(() => appliedFilters({}, settings, memberCountry), [settings, memberCountry]);
  const filtered = Object.keys(filters).length > 0;

  function search(form: AppliedFilters) {
    setParams(paramsFromFilters(filtersFromForm(form, defaults)));
  }

  const reset = filtered ? () => setParams(new URLSearchParams()) : undefined;

  // A visitor on a members-only site gets the signup prompt without filters (the server would answer 403).
  if (user === null && !visitorMaySearch(settings)) {
    return (
      <Page title={t('pages.members.title')} intro={t('pages.members.intro')} icon={<SearchIcon size={28} />}>
        <SignupPrompt />
      </Page>
    );
  }

  return (
    <Page title={t('pages.members.title')} intro={t('pages.members.intro')} icon={<SearchIcon size={28} />}>
      <div className="search-layout">
        <aside className="search-layout__filters">
          {/* Keyed by the search, so the back button or a shared link shows that search's filters. */}
          <SearchForm key={query} applied={applied} member={user !== null} onSearch={search} onReset={reset} />
        </aside>
        <section className="search-layout__results" aria-label={t('pages.members.results')}>
          <SearchResults filters={filters} onReset={reset} />
        </section>
      </div>
    </Page>
  );
}
