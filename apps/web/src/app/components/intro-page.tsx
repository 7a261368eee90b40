import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page } from './page';

interface IntroPageProps {
  /** Key under `pages.` in the common catalogue: title, intro and, with an empty state, emptyTitle and emptyText. */
  page: string;
  icon: ReactNode;
  /** Interpolation values for the page's texts. */
  values?: Record<string, string | number>;
  /** The empty state's way forward. */
  action?: { to: string; label: string };
  /** Without an empty state the page shows only its children below the heading. */
  empty?: boolean;
  narrow?: boolean;
  children?: ReactNode;
}

/** A page with its heading, introduction, own content and, while it has nothing to list, its empty state. */
export function IntroPage({ page, icon, values, action, empty = true, narrow, children }: IntroPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={t(`pages.${page}.title`, values)} intro={t(`pages.${page}.intro`, values)} icon={icon} narrow={narrow}>
      {children}
      {empty && (
        <EmptyState
          icon={icon}
          title={t(`pages.${page}.emptyTitle`, values)}
          text={t(`pages.${page}.emptyText`, values)}
          action={
            action && (
              <Link className="btn btn-primary" to={action.to}>
                {action.label}
              </Link>
            )
          }
        />
      )}
    </Page>
  );
}
