import { PASSWORD_MIN_LENGTH, PasswordChangeBodySchema, type PasswordChangeBody } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, PasswordField, useAppForm } from '../../../components/form';
import { CheckIcon } from '../../../components/icons';
import { useChangePassword } from '../api/change-password';

/**
 * Changes the password with the current one. The server hands this browser a fresh session
 * and ends the others, so the member stays logged in here.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const tooShort = t('auth.errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  const form = useAppForm<PasswordChangeBody>({
    defaultValues: { old_password: '', password: '', password_repeat: '' },
    schema: PasswordChangeBodySchema,
    messages: {
      old_password: { field_required: t('auth.errors.passwordRequired') },
      password: { field_required: tooShort, field_too_short: tooShort },
      password_repeat: { passwords_differ: t('auth.errors.passwordsDiffer') },
    },
  });
  const { setFocus } = form;

  useEffect(() => {
    if (open) setFocus('old_password');
  }, [open, setFocus]);

  function handleOpen() {
    change.reset();
    setOpen((value) => !value);
  }

  function handleCancel() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  async function send(body: PasswordChangeBody) {
    await change.mutateAsync(body);
    setOpen(false);
    form.reset();
  }

  const pending = form.formState.isSubmitting;
  return (
    <>
      <div className="settings-row">
        <div className="settings-row__main">
          <span className="settings-row__label">{t('accountSettings.password.label')}</span>
          <span className="settings-row__value" aria-hidden="true">
            ••••••••
          </span>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline-primary btn-sm"
          aria-expanded={open}
          aria-controls="password-change-form"
          onClick={handleOpen}
        >
          {t('accountSettings.password.open')}
        </button>
      </div>
      {change.isSuccess && (
        <div className="settings-done" role="status">
          <span className="settings-done__icon">
            <CheckIcon size={22} />
          </span>
          <p className="mb-0">{t('accountSettings.password.done')}</p>
        </div>
      )}
      {open && (
        <Form id="password-change-form" className="auth-form settings-form" form={form} onSubmit={send}>
          <PasswordField
            name="old_password"
            label={t('accountSettings.password.current')}
            autoComplete="current-password"
            required
          />
          <PasswordField
            name="password"
            label={t('accountSettings.password.new')}
            autoComplete="new-password"
            hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            required
          />
          <PasswordField
            name="password_repeat"
            label={t('accountSettings.password.repeat')}
            autoComplete="new-password"
            required
          />
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending ? t('accountSettings.saving') : t('accountSettings.password.submit')}
            </button>
            <button type="button" className="btn btn-link" onClick={handleCancel} disabled={pending}>
              {t('accountSettings.cancel')}
            </button>
          </div>
        </Form>
      )}
    </>
  );
}
