import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SaveStatus, SettingSwitch } from '../../features/account/components/setting-switch';
import { useSettings } from '../../data/settings';
import { pushStateQueryOptions, subscribeToPush, unsubscribeFromPush } from '../../lib/push-subscription';

/**
 * Push notifications on this device (spec section 2, settings: push): a switch while the browser
 * can take them, else why it cannot. Push goes per device, so the switch says so.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const publicKey = useSettings().push_public_key;
  const pushState = useQuery(pushStateQueryOptions()).data;
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) return unsubscribeFromPush(queryClient);
      if (publicKey) await subscribeToPush(publicKey, queryClient);
    },
  });
  if (!pushState) return null;

  if (pushState === 'not-capable' || publicKey === null) {
    return <p className="setting-switch__text mb-0">{t('pushSwitch.unsupported')}</p>;
  }
  return (
    <div className="push-switch">
      <SettingSwitch
        label={t('pushSwitch.label')}
        description={pushState === 'denied' ? t('pushSwitch.denied') : t('pushSwitch.text')}
        checked={pushState === 'subscribed'}
        disabled={pushState === 'denied' || toggle.isPending}
        onChange={(on) => toggle.mutate(on)}
      />
      <SaveStatus state={toggle.status} />
    </div>
  );
}
