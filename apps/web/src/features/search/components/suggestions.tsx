import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import type { MatchSuggestion } from '../api/contract';
import { reasonText } from '../rules';
import { CardGrid, LoadError, SkeletonGrid } from './card-grid';

interface SuggestionsProps {
  /** The suggestions query's state. */
  query: { isPending: boolean; isError: boolean; data?: { members: MatchSuggestion[] }; refetch: () => unknown };
  label: string;
  empty: { icon: ReactNode; title: string; text: string; action?: ReactNode };
}

/** Why a suggestion suits the member, as short chips under its card. */
function Reasons({ suggestion }: { suggestion: MatchSuggestion }) {
  const { t } = useTranslation();
  if (suggestion.reasons.length === 0) return null;
  return (
    <ul className="match-reasons" aria-label={t('search.reasonsLabel', { name: suggestion.name })}>
      {suggestion.reasons.map((reason) => {
        const { key, values } = reasonText(reason);
        return (
          <li key={reason.code} className={`match-reasons__item match-reasons__item--${reason.code}`}>
            {t(key, values)}
          </li>
        );
      })}
    </ul>
  );
}

/** Suggestions best first, each card with its reasons; loading, error and empty states. */
export function Suggestions({ query, label, empty }: SuggestionsProps) {
  const { t } = useTranslation();
  if (query.isPending) return <SkeletonGrid />;
  if (query.isError || !query.data)
    return <LoadError text={t('search.matchesError')} onRetry={() => void query.refetch()} />;
  if (query.data.members.length === 0) return <EmptyState {...empty} />;
  return <CardGrid cards={query.data.members} label={label} extra={(card) => <Reasons suggestion={card} />} />;
}
