import { NOTIFICATION_TYPES, OFF_BY_DEFAULT_NOTIFICATION_TYPES } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateAccount } from '../api/update-account';
import type { AccountSettings } from '../api/contract';
import { SaveStatus, SettingSwitch } from './setting-switch';

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The member's notification switches, each saved the moment it flips. Used on the settings
 * page, the notifications page and in the delete flow for members who get too much mail.
 */
export function NotificationSwitches({ preferences }: { preferences: AccountSettings['notification_preferences'] }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();

  function handleChange(type: NotificationType, on: boolean) {
    update.mutate({ notification_preferences: { [type]: on } });
  }

  return (
    <div className="notification-switches">
      <ul className="setting-list">
        {NOTIFICATION_TYPES.map((type) => (
          <li key={type}>
            <SettingSwitch
              label={t(`accountSettings.notifications.types.${type}.label`)}
              description={t(`accountSettings.notifications.types.${type}.text`)}
              checked={preferences[type] ?? !OFF_BY_DEFAULT_NOTIFICATION_TYPES.includes(type)}
              onChange={(on) => handleChange(type, on)}
            />
          </li>
        ))}
      </ul>
      <SaveStatus state={update.status} />
    </div>
  );
}
