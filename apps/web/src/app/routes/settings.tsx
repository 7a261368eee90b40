import { ACCOUNT_REACTIVATION_DAYS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BellIcon,
  BlockIcon,
  DownloadIcon,
  GlobeIcon,
  HeartIcon,
  LockIcon,
  MailIcon,
  ReceiptIcon,
  ShieldCheckIcon,
  SlidersIcon,
} from '../../components/icons';
import { AccountGate } from '../../features/account/components/account-gate';
import { DataExport } from '../../features/account/components/data-export';
import { DeleteAccount } from '../../features/account/components/delete-account-dialog';
import { EmailChangeForm } from '../../features/account/components/email-change-form';
import { InvisibleSwitch } from '../../features/account/components/invisible-switch';
import { NotificationSwitches } from '../../features/account/components/notification-switches';
import { PasswordChangeForm } from '../../features/account/components/password-change-form';
import { SettingsSection } from '../../features/account/components/settings-section';
import { BlockedMembers } from '../../features/members/components/blocked-members';
import { Page } from '../components/page';
import { PushSwitch } from '../components/push-switch';

const LINKS = [
  { key: 'language', to: '/lang-config', icon: <GlobeIcon size={22} /> },
  { key: 'transactions', to: '/transactions', icon: <ReceiptIcon size={22} /> },
] as const;

/** The member's account: address, password, privacy, notifications, other settings and leaving. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.settings.title')} intro={t('pages.settings.intro')} icon={<SlidersIcon size={28} />} narrow>
      <AccountGate>
        {(account) => (
          <div className="settings-stack">
            <SettingsSection
              title={t('accountSettings.email.title')}
              intro={t('accountSettings.email.intro')}
              icon={<MailIcon size={20} />}
            >
              <EmailChangeForm current={account.email} />
            </SettingsSection>
            <SettingsSection
              title={t('accountSettings.password.title')}
              intro={t('accountSettings.password.intro')}
              icon={<LockIcon size={20} />}
            >
              <PasswordChangeForm />
            </SettingsSection>
            <SettingsSection
              title={t('accountSettings.privacy.title')}
              intro={t('accountSettings.privacy.intro')}
              icon={<ShieldCheckIcon size={20} />}
            >
              <InvisibleSwitch invisible={account.invisible} />
            </SettingsSection>
            <SettingsSection
              title={t('blockedMembers.title')}
              intro={t('blockedMembers.intro')}
              icon={<BlockIcon size={20} />}
            >
              <BlockedMembers />
            </SettingsSection>
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
            <SettingsSection title={t('accountSettings.more.title')} icon={<SlidersIcon size={20} />}>
              <ul className="link-list">
                {LINKS.map((link) => (
                  <li key={link.key}>
                    <Link to={link.to} className="link-list__item">
                      <span className="link-list__icon">{link.icon}</span>
                      <span>
                        <strong>{t(`pages.settings.sections.${link.key}.title`)}</strong>
                        <small>{t(`pages.settings.sections.${link.key}.text`)}</small>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </SettingsSection>
            <SettingsSection
              title={t('dataExport.title')}
              intro={t('dataExport.intro')}
              icon={<DownloadIcon size={20} />}
            >
              <DataExport />
            </SettingsSection>
            <SettingsSection
              title={t('accountSettings.delete.title')}
              intro={t('accountSettings.delete.intro', { days: ACCOUNT_REACTIVATION_DAYS })}
              icon={<HeartIcon size={20} />}
              tone="danger"
            >
              <DeleteAccount account={account} />
            </SettingsSection>
          </div>
        )}
      </AccountGate>
    </Page>
  );
}
