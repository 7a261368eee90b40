import { useTranslation } from 'react-i18next';
import { useUpdateAccount } from '../api/update-account';
import { SaveStatus, SettingSwitch } from './setting-switch';

/** Invisible mode: hidden from search and out of reach, saved the moment it flips. */
export function InvisibleSwitch({ invisible }: { invisible: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  return (
    <div>
      <SettingSwitch
        label={t('accountSettings.privacy.invisible')}
        description={t('accountSettings.privacy.invisibleText')}
        checked={invisible}
        onChange={(on) => update.mutate({ invisible: on })}
      />
      <SaveStatus state={update.status} />
    </div>
  );
}
