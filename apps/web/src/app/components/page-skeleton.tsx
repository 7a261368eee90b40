import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@app/shared';

/**
 * What a member page shows inside its layout while its code loads on the first visit: the
 * page's shape rather than the logo alone. Its data is already on the way where it has a
 * loader. Busy, not a live status: the page it gives way to has its own, and two at once would
 * be announced twice.
 */
function Skeleton({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`page-skeleton ${className}`} aria-busy="true">
      <span className="visually-hidden">{t('pageLoading')}</span>
      <span className="page-skeleton__title" aria-hidden="true" />
      {children}
    </div>
  );
}

/** A list of member cards (/members, /likes, /chats): a row of cards under the heading. */
function CardsPageSkeleton() {
  return (
    <Skeleton className="container page">
      <ul className="page-skeleton__cards" aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((card) => (
          <li key={card} className="page-skeleton__card" />
        ))}
      </ul>
    </Skeleton>
  );
}

/** A conversation in the chat layout: its partner's line and a few messages. */
function ChatPageSkeleton() {
  return (
    <Skeleton className="page-skeleton--chat">
      {[0, 1, 2].map((bubble) => (
        <span key={bubble} className="page-skeleton__bubble" aria-hidden="true" />
      ))}
    </Skeleton>
  );
}

/** Any other member page (a form, settings, credits): the heading and one panel, not cards it never shows. */
function PanelPageSkeleton() {
  return (
    <Skeleton className="container page">
      <span className="page-skeleton__panel" aria-hidden="true" />
    </Skeleton>
  );
}

/** The skeleton of a route's page, by the shape the route table gives it, which the server's HTML of the route draws too. */
export function pageSkeletonFor(route: RouteDef): ComponentType {
  if (route.shell === 'cards') return CardsPageSkeleton;
  if (route.shell === 'conversation') return ChatPageSkeleton;
  return PanelPageSkeleton;
}
