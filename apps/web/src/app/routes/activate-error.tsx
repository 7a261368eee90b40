import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MailIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { ResendActivation } from '../components/activation-reminder';
import { Page } from '../components/page';

/** The confirmation link was expired, used or invalid: members can have a new one sent. */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  const unconfirmed = user?.status === 'not_confirmed';
  return (
    <Page
      title={t('pages.activateError.title')}
      intro={t('pages.activateError.intro')}
      icon={<MailIcon size={28} />}
      narrow
    >
      <EmptyState
        icon={<MailIcon size={28} />}
        title={t('pages.activateError.emptyTitle')}
        text={
          unconfirmed
            ? t('activation.resendText')
            : user
              ? t('activation.alreadyConfirmed')
              : t('pages.activateError.emptyText')
        }
        action={
          unconfirmed ? (
            <div className="activation-reminder__actions activation-reminder__actions--center">
              <ResendActivation className="btn btn-primary" />
            </div>
          ) : user ? (
            <Link className="btn btn-primary" to="/members">
              {t('actions.discover')}
            </Link>
          ) : (
            <Link className="btn btn-primary" to="/login?redirect=%2Factivate%2Ferror">
              {t('nav.login')}
            </Link>
          )
        }
      />
    </Page>
  );
}
