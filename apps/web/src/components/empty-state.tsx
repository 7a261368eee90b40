import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  /** A call to action, e.g. a link button. */
  action?: ReactNode;
}

/** What a list or page shows while it has nothing yet: friendly, with a way forward. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <section className="empty-state">
      <span className="empty-state__icon">{icon}</span>
      <h2 className="empty-state__title">{title}</h2>
      <p className="empty-state__text">{text}</p>
      {action && <div className="empty-state__action">{action}</div>}
    </section>
  );
}
