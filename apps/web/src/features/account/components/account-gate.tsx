import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../api/get-account';
import type { AccountSettings } from '../api/contract';
import './account-settings.scss';
import { useErrorText } from '../../../lib/error-text';

/** Loads the member's account settings: a labelled placeholder while loading, a retry on failure. */
export function AccountGate({ children }: { children: (account: AccountSettings) => ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const query = useAccount();

  if (query.data) return <>{children(query.data.account)}</>;
  if (query.isError) {
    return (
      <div className="card-panel settings-state" role="alert">
        <p className="fw-semibold mb-1">{t('accountSettings.loadError')}</p>
        <p className="text-body-secondary">{errorText(query.error)}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          {t('accountSettings.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="settings-skeleton" role="status">
      <span className="visually-hidden">{t('accountSettings.loading')}</span>
      {[0, 1, 2].map((card) => (
        <div key={card} className="settings-skeleton__card" aria-hidden="true">
          <span className="settings-skeleton__line settings-skeleton__line--title" />
          <span className="settings-skeleton__line" />
          <span className="settings-skeleton__line settings-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
