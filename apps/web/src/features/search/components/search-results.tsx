import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { SearchIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useSearchMembers } from '../api/search-members';
import type { SearchFilters } from '../rules';
import { CardGrid, LoadError, SkeletonGrid } from './card-grid';
import { SignupPrompt } from './signup-prompt';

/** How far below the viewport the sentinel starts loading the next page, so scrolling rarely waits. */
const PREFETCH_MARGIN = '600px';

/**
 * The results of one search: cards page by page (a Load more button, and automatically when
 * its sentinel scrolls into view), similar members when few were found, and the states between.
 */
export function SearchResults({ filters, onReset }: { filters: SearchFilters; onReset?: () => void }) {
  const { t } = useTranslation();
  const search = useSearchMembers(filters);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = search;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && !isError) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  /** What the search shows: loading, the signup prompt, an error, nothing found or the cards. */
  function body() {
    if (search.isPending) return <SkeletonGrid announce={false} />;

    if (search.isError && !search.data) {
      const error = search.error;
      if (error instanceof ApiError && error.error === 'authentication_required') return <SignupPrompt />;
      return (
        <LoadError
          text={
            error instanceof ApiError && error.status === 400 ? errorText(error, t('search.error')) : t('search.error')
          }
          onRetry={() => void search.refetch()}
        />
      );
    }

    const pages = search.data.pages;
    const members = pages.flatMap((page) => page.members);
    const similar = pages[0]?.similar ?? [];

    if (members.length === 0 && similar.length === 0) {
      return (
        <EmptyState
          icon={<SearchIcon size={28} />}
          title={t('pages.members.emptyTitle')}
          text={t('pages.members.emptyText')}
          action={
            onReset && (
              <button type="button" className="btn btn-primary" onClick={onReset}>
                {t('search.reset')}
              </button>
            )
          }
        />
      );
    }

    return (
      <>
        {members.length > 0 ? (
          <CardGrid cards={members} label={t('pages.members.results')} />
        ) : (
          <p className="search-note search-note--lead">{t('search.noneExact')}</p>
        )}
        <div className="search-more">
          <div ref={sentinel} aria-hidden="true" />
          {search.isFetchNextPageError && <LoadError text={t('search.error')} onRetry={() => void fetchNextPage()} />}
          {hasNextPage && !search.isFetchNextPageError && (
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? t('search.loadingMore') : t('search.loadMore')}
            </button>
          )}
          {!hasNextPage && members.length > 0 && similar.length === 0 && (
            <p className="search-note">{t('search.end')}</p>
          )}
        </div>
        {similar.length > 0 && (
          <section className="search-similar" aria-labelledby="search-similar-title">
            <h2 className="search-similar__title" id="search-similar-title">
              {t('search.similar')}
            </h2>
            <p className="search-similar__intro">{t('search.similarIntro')}</p>
            <CardGrid cards={similar} label={t('search.similar')} />
          </section>
        )}
      </>
    );
  }

  // One live region that stays mounted, so screen readers hear each search and page arrive.
  const status = search.isPending
    ? t('search.loading')
    : isFetchingNextPage
      ? t('search.loadingMore')
      : search.isSuccess
        ? t('search.updated')
        : '';
  return (
    <>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {body()}
    </>
  );
}
