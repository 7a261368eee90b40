import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { KeyIcon } from '../../components/icons';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { Page } from '../components/page';

/** The mailed reset link: choose the new password twice. */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  return (
    <Page
      title={t('pages.resetPasswordDo.title')}
      intro={t('pages.resetPasswordDo.intro')}
      icon={<KeyIcon size={28} />}
      narrow
    >
      {token ? (
        <div className="card-panel">
          <ResetPasswordForm token={token} />
        </div>
      ) : (
        <EmptyState
          icon={<KeyIcon size={28} />}
          title={t('reset.invalidLink')}
          text={t('reset.invalidLinkText')}
          action={
            <Link className="btn btn-primary" to="/reset-password">
              {t('reset.requestNew')}
            </Link>
          }
        />
      )}
    </Page>
  );
}
