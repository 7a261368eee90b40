import { EmailChangeBodySchema, type EmailChangeBody } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, PasswordField, TextField, useAppForm } from '../../../components/form';
import { MailCheckIcon } from '../../../components/icons';
import { useRequestEmailChange } from '../api/email-change';

/**
 * The member's address, and the form that mails a confirmation link to a new one. The
 * address only changes once that link is clicked, so the success state says where to look.
 */
export function EmailChangeForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const change = useRequestEmailChange();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const form = useAppForm<EmailChangeBody>({
    defaultValues: { email: '', password: '' },
    schema: EmailChangeBodySchema,
    messages: {
      email: { field_required: t('auth.errors.emailRequired') },
      password: { field_required: t('auth.errors.passwordRequired') },
    },
  });
  const { setFocus } = form;

  useEffect(() => {
    if (open) setFocus('email');
  }, [open, setFocus]);

  function handleCancel() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  if (change.isSuccess) {
    return (
      <div className="settings-done" role="status">
        <span className="settings-done__icon">
          <MailCheckIcon size={22} />
        </span>
        <div>
          <p className="fw-semibold mb-1">{t('accountSettings.email.sentTitle')}</p>
          <p className="mb-0">{t('accountSettings.email.sentText', { email: change.variables.email })}</p>
        </div>
      </div>
    );
  }

  const pending = form.formState.isSubmitting;
  return (
    <>
      <div className="settings-row">
        <div className="settings-row__main">
          <span className="settings-row__label">{t('accountSettings.email.current')}</span>
          <span className="settings-row__value">{current}</span>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline-primary btn-sm"
          aria-expanded={open}
          aria-controls="email-change-form"
          onClick={() => setOpen((value) => !value)}
        >
          {t('accountSettings.email.change')}
        </button>
      </div>
      {open && (
        <Form
          id="email-change-form"
          className="auth-form settings-form"
          form={form}
          onSubmit={(body) => change.mutateAsync(body)}
        >
          <TextField
            name="email"
            label={t('accountSettings.email.newLabel')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
          />
          <PasswordField
            name="password"
            label={t('accountSettings.email.password')}
            autoComplete="current-password"
            hint={t('accountSettings.email.passwordHint')}
            required
          />
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending ? t('accountSettings.email.submitting') : t('accountSettings.email.submit')}
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
