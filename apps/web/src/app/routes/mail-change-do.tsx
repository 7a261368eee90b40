import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { CheckIcon, MailCheckIcon, MailIcon } from '../../components/icons';
import { useConfirmEmailChange } from '../../features/account/api/email-change';
import { Page } from '../components/page';
import { useErrorText } from '../../lib/error-text';

/**
 * The confirmation link of an e-mail change. The token is single use, so the page sends it
 * exactly once, however often it renders.
 */
export function Component() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const params = useParams();
  const token = search.get('token') ?? params.token ?? '';
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = !token || confirm.isError;
  return (
    <Page
      title={t('pages.mailChange.title')}
      intro={t('pages.mailChange.intro')}
      icon={<MailCheckIcon size={28} />}
      narrow
    >
      <div className="card-panel">
        {confirm.isSuccess ? (
          <div className="auth-success" role="status">
            <span className="auth-success__icon">
              <CheckIcon size={30} />
            </span>
            <h2 className="h4">{t('pages.mailChange.doneTitle')}</h2>
            <p>{t('pages.mailChange.doneText', { email: confirm.data.email })}</p>
            <Link className="btn btn-primary btn-lg" to="/settings">
              {t('actions.toSettings')}
            </Link>
          </div>
        ) : failed ? (
          <div className="auth-success" role="alert">
            <span className="auth-success__icon auth-success__icon--warning">
              <MailIcon size={30} />
            </span>
            <h2 className="h4">{t('pages.mailChange.failedTitle')}</h2>
            <p>{token ? errorText(confirm.error) : t('pages.mailChange.missingToken')}</p>
            <p className="text-body-secondary">{t('pages.mailChange.failedHelp')}</p>
            <Link className="btn btn-primary btn-lg" to="/settings">
              {t('actions.toSettings')}
            </Link>
          </div>
        ) : (
          <div className="auth-success" role="status">
            <span className="spinner-border text-primary mb-3" aria-hidden="true" />
            <p className="mb-0">{t('pages.mailChange.confirming')}</p>
          </div>
        )}
      </div>
    </Page>
  );
}
