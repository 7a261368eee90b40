import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MailCheckIcon } from '../../../components/icons';
import { useRequestEmailChange } from '../api/email-change';
import { fieldErrorsOf, FormAlert, PasswordField, TextField } from '../../../components/form-fields';
import { useErrorText } from '../../../lib/error-text';

/**
 * The member's address, and the form that mails a confirmation link to a new one. The
 * address only changes once that link is clicked, so the success state says where to look.
 */
export function EmailChangeForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const change = useRequestEmailChange();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggleRef = useRef<HTMLButtonElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) emailRef.current?.focus();
  }, [open]);

  function handleCancel() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!email.trim()) next.email = t('auth.errors.emailRequired');
    if (!password) next.password = t('auth.errors.passwordRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    change.mutate(
      { email: email.trim(), password },
      {
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) setErrors(fields);
        },
      },
    );
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
        <form
          id="email-change-form"
          className="auth-form settings-form"
          onSubmit={handleSubmit}
          noValidate
          aria-busy={change.isPending}
        >
          {change.isError && !fieldErrorsOf(change.error) && (
            <FormAlert>
              <p>{errorText(change.error)}</p>
            </FormAlert>
          )}
          <TextField
            ref={emailRef}
            label={t('accountSettings.email.newLabel')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <PasswordField
            label={t('accountSettings.email.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint={t('accountSettings.email.passwordHint')}
            error={errors.password}
          />
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              {change.isPending ? t('accountSettings.email.submitting') : t('accountSettings.email.submit')}
            </button>
            <button type="button" className="btn btn-link" onClick={handleCancel} disabled={change.isPending}>
              {t('accountSettings.cancel')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
