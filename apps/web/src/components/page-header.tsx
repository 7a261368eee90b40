import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  intro?: ReactNode;
  icon?: ReactNode;
}

/** A page's one h1 with its short introduction. */
export function PageHeader({ title, intro, icon }: PageHeaderProps) {
  return (
    <header className="page-header">
      {icon && <span className="page-header__icon">{icon}</span>}
      <div>
        <h1 className="page-header__title">{title}</h1>
        {intro && <p className="page-header__intro">{intro}</p>}
      </div>
    </header>
  );
}
