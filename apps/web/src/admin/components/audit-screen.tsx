import { useTranslation } from 'react-i18next';
import { useAudit } from '../api/get-audit';
import { formatDateTime } from './format';
import { EmptyState, ErrorState, LoadingState, LoadMoreButton, ScreenHeader } from './states';
import { EmailText } from './email-text';

/** The audit log: every change staff made, newest first, a page at a time (admins only). */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const audit = useAudit();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <ScreenHeader title={t('nav.audit')} />
      {audit.isPending ? (
        <LoadingState />
      ) : audit.isLoadingError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState>{t('audit.empty')}</EmptyState>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="table table-sm admin-table">
              <caption className="visually-hidden">{t('nav.audit')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.details')}</th>
                  <th scope="col">{t('audit.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="text-nowrap">{formatDateTime(entry.created_at)}</td>
                    <td>
                      <EmailText email={entry.staff_email} />
                    </td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : '–'}</td>
                    <td className="admin-break">
                      <code className="admin-details">
                        {Object.keys(entry.details).length ? JSON.stringify(entry.details) : '–'}
                      </code>
                    </td>
                    <td>{entry.ip ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMoreButton query={audit} />
        </>
      )}
    </>
  );
}
