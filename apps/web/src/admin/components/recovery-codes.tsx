import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryCodesFile } from '../rules';

/**
 * The recovery codes, shown once after enrolment: a list to write down, with copy and
 * download, and the way on once they are kept.
 */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  const file = recoveryCodesFile(codes, t('login.codesFileHeading'));

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  function handleDownload() {
    const url = URL.createObjectURL(new Blob([file], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'amoria-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section className="admin-login__step" aria-labelledby="admin-codes-title">
      <h1 id="admin-codes-title" className="admin-login__title">
        {t('login.codesTitle')}
      </h1>
      <p>{t('login.codesText')}</p>
      <ol className="admin-codes" aria-label={t('login.codesList')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="admin-login__row">
        <button type="button" className="btn btn-outline-secondary" onClick={() => void handleCopy()}>
          {t('login.copyCodes')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={handleDownload}>
          {t('login.downloadCodes')}
        </button>
      </div>
      <p className="admin-muted" role="status">
        {copied ? t('login.codesCopied') : ''}
      </p>
      <button type="button" className="btn btn-primary w-100" onClick={onDone}>
        {t('login.toConsole')}
      </button>
    </section>
  );
}
