import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, TextField, useAppForm } from '../../components/form';
import { ApiError } from '../../lib/api';

/** The API's translated message of a failure, or a general one when the server never answered. */
export function useProblemText() {
  const { t } = useTranslation('admin');
  return (error: unknown): string =>
    error instanceof ApiError && error.status > 0 && error.error !== 'http_error' ? error.message : t('states.error');
}

/** A loading state: a spinner with its text for screen readers. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-state" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label ?? t('states.loading')}</span>
    </div>
  );
}

/** An error state with the failure's message and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  const problemText = useProblemText();
  return (
    <div className="alert alert-danger admin-state admin-state--error" role="alert">
      <span>{problemText(error)}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
          {t('states.retry')}
        </button>
      )}
    </div>
  );
}

/** What `QueryStates` reads of a query. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A query's loading or error state, else what its children make of its data. */
export function QueryStates<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <LoadingState />;
  return <>{children(query.data)}</>;
}

/**
 * The button under a paged list that fetches its next page; a page that failed shows its error
 * with a retry there, and the pages already shown stay.
 */
export function LoadMoreButton({
  query,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => unknown;
  };
}) {
  const { t } = useTranslation('admin');
  if (query.isFetchNextPageError) return <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />;
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-secondary admin-more"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage && <span className="spinner-border spinner-border-sm" aria-hidden="true" />}
      {query.isFetchingNextPage ? t('actions.loadingMore') : t('actions.loadMore')}
    </button>
  );
}

/** A titled card of a detail screen (a member's account, an order, a case's notes). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-card admin-panel">
      <h2 className="admin-panel__title">{title}</h2>
      {children}
    </section>
  );
}

/** A list's search field with its button; `onSearch` gets the trimmed text when it is sent. */
export function SearchBox({
  label,
  hint,
  initial,
  onSearch,
  maxLength,
  className = '',
}: {
  label: string;
  hint: string;
  initial: string;
  onSearch: (text: string) => void;
  maxLength?: number;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  const form = useAppForm<{ text: string }>({ defaultValues: { text: initial } });

  return (
    <Form
      form={form}
      className={`admin-search ${className}`.trim()}
      role="search"
      onSubmit={async ({ text }) => onSearch(text.trim())}
    >
      <TextField
        name="text"
        label={label}
        labelHidden
        type="search"
        placeholder={hint}
        maxLength={maxLength}
        className="flex-grow-1"
      />
      <button type="submit" className="btn btn-primary">
        {t('members.searchButton')}
      </button>
    </Form>
  );
}

/** What a list shows when it has nothing. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="admin-state admin-state--empty">{children}</p>;
}

/** A screen's heading row: the title and, beside it, its actions. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-screen__header">
      <h1 className="admin-screen__title">{title}</h1>
      {children && <div className="admin-screen__actions">{children}</div>}
    </div>
  );
}
