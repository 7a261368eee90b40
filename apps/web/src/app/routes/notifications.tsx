import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../components/icons';
import { AccountGate } from '../../features/account/components/account-gate';
import { NotificationSwitches } from '../../features/account/components/notification-switches';
import { SettingsSection } from '../../features/account/components/settings-section';
import { Page } from '../components/page';
import { PushSwitch } from '../components/push-switch';

/** The notification switches on their own page, for links from mails and the menu. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('pages.notifications.title')}
      intro={t('pages.notifications.intro')}
      icon={<BellIcon size={28} />}
      narrow
    >
      <AccountGate>
        {(account) => (
          <div className="settings-stack">
            <SettingsSection
              title={t('accountSettings.notifications.title')}
              intro={t('accountSettings.notifications.intro')}
              icon={<BellIcon size={20} />}
            >
              <NotificationSwitches preferences={account.notification_preferences} />
            </SettingsSection>
            <SettingsSection title={t('pushSwitch.title')} intro={t('pushSwitch.intro')} icon={<BellIcon size={20} />}>
              <PushSwitch />
            </SettingsSection>
            <p className="text-center">
              <Link to="/settings" className="fw-semibold">
                {t('actions.toSettings')}
              </Link>
            </p>
          </div>
        )}
      </AccountGate>
    </Page>
  );
}
