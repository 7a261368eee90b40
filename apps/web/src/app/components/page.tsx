import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { DocumentTitle } from './document-title';

interface PageProps {
  title: string;
  intro?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  /** Narrow pages (forms, notices) read better in a slimmer column. */
  narrow?: boolean;
}

/** The frame of a content page: document title, heading, introduction and the page's body. */
export function Page({ title, intro, icon, children, narrow = false }: PageProps) {
  return (
    <div className={`container page${narrow ? ' page--narrow' : ''}`}>
      <DocumentTitle title={title} />
      <PageHeader title={title} intro={intro} icon={icon} />
      {children}
    </div>
  );
}
