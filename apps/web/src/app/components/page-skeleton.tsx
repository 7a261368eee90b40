import { useTranslation } from 'react-i18next';

/**
 * What a member page shows inside its layout while its code loads on the first visit: the
 * page's shape (heading, a row of cards) rather than the logo alone. Its data is already on
 * the way (the route's loader asked for it at navigation). Busy, not a live status: the page
 * it gives way to has its own, and two at once would be announced twice.
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container page page-skeleton" aria-busy="true">
      <span className="visually-hidden">{t('pageLoading')}</span>
      <span className="page-skeleton__title" aria-hidden="true" />
      <ul className="page-skeleton__cards" aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((card) => (
          <li key={card} className="page-skeleton__card" />
        ))}
      </ul>
    </div>
  );
}

/** The same for a conversation in the chat layout: its partner's line and a few messages. */
export function ChatPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page-skeleton page-skeleton--chat" aria-busy="true">
      <span className="visually-hidden">{t('pageLoading')}</span>
      <span className="page-skeleton__title" aria-hidden="true" />
      {[0, 1, 2].map((bubble) => (
        <span key={bubble} className="page-skeleton__bubble" aria-hidden="true" />
      ))}
    </div>
  );
}
