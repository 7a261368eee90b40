import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckIcon, MailIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { apiCommand } from '../../lib/api';
import { queryKeys } from '../../data/query-keys';
import { PromptFrame } from './prompt-frame';

/** POST /api/email-enable.php: clears the member's disabled reasons, so e-mail goes out again. */
function enableEmail(): Promise<void> {
  return apiCommand('/api/email-enable.php', { method: 'POST', body: {} });
}

interface DisabledNotificationsPromptProps {
  onDismiss: () => void;
  /** E-mail is on again: the slot keeps this prompt to say so until it is closed. */
  onEnabled: () => void;
}

/**
 * The disabled-notifications prompt (spec section 4): while we send the member no e-mail (a
 * bounce, a spam complaint or an unsubscribe) it says why and turns e-mail back on with one click.
 */
export function DisabledNotificationsPrompt({ onDismiss, onEnabled }: DisabledNotificationsPromptProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUser();
  const enable = useMutation({
    mutationFn: enableEmail,
    onSuccess: () => {
      onEnabled();
      return queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
  const done = enable.isSuccess;
  const reason = user?.notifications_disabled[0] ?? 'listunsubscribe';
  const dismiss = { label: t('disabledNotificationsAlert.dismiss'), onClick: onDismiss };

  if (done) {
    return (
      <PromptFrame
        id="disabled-notifications-alert"
        title={t('disabledNotificationsAlert.enabled')}
        icon={<CheckIcon size={20} />}
        status
        actions={null}
        dismiss={dismiss}
      />
    );
  }
  return (
    <PromptFrame
      id="disabled-notifications-alert"
      title={t('disabledNotificationsAlert.title')}
      text={`${t(`disabledNotificationsAlert.reasons.${reason}`)} ${t('disabledNotificationsAlert.text')}`}
      icon={<MailIcon size={20} />}
      actions={
        <>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={enable.isPending}
            onClick={() => enable.mutate()}
          >
            {t('disabledNotificationsAlert.action')}
          </button>
          <span className="member-prompt__status member-prompt__status--error" role="alert">
            {enable.isError && t('disabledNotificationsAlert.failed')}
          </span>
        </>
      }
      dismiss={dismiss}
      warning
    />
  );
}
