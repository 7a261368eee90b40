import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../data/user';
import { ProfileCard } from '../../../components/profile-card';
import type { ProfileCard as ProfileCardData } from '../api/contract';
import './search.scss';

/** Cards as a list, so screen readers announce how many there are; `extra` renders below a card. */
export function CardGrid<T extends ProfileCardData>({
  cards,
  label,
  extra,
}: {
  cards: T[];
  label: string;
  extra?: (card: T) => ReactNode;
}) {
  // Members like straight from the results; a visitor's search offers no heart.
  const loggedIn = useUser() !== null;
  return (
    <ul className="member-card-grid search-grid" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id} className="search-grid__item">
          <ProfileCard card={card} likeable={loggedIn} />
          {extra?.(card)}
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while results load; unless the page announces it itself, a status line says so. */
export function SkeletonGrid({ count = 8, announce = true }: { count?: number; announce?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role={announce ? 'status' : undefined}>
      {announce && <span className="visually-hidden">{t('search.loading')}</span>}
      <ul className="member-card-grid search-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="search-skeleton">
            <span className="search-skeleton__photo" />
            <span className="search-skeleton__line" />
            <span className="search-skeleton__line search-skeleton__line--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A failed load: what went wrong and a way to try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="search-error" role="alert">
      <p className="mb-2">{text}</p>
      <button type="button" className="btn btn-outline-primary" onClick={onRetry}>
        {t('search.retry')}
      </button>
    </div>
  );
}
