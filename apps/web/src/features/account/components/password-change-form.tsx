import { PASSWORD_MIN_LENGTH } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons';
import { useChangePassword } from '../api/change-password';
import { fieldErrorsOf, FormAlert, PasswordField } from '../../../components/form-fields';
import { useErrorText } from '../../../lib/error-text';

/**
 * Changes the password with the current one. The server hands this browser a fresh session
 * and ends the others, so the member stays logged in here.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggleRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) firstRef.current?.focus();
  }, [open]);

  function handleOpen() {
    change.reset();
    setOpen((value) => !value);
  }

  function handleCancel() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!oldPassword) next.old_password = t('auth.errors.passwordRequired');
    if (password.length < PASSWORD_MIN_LENGTH)
      next.password = t('auth.errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    else if (password !== repeat) next.password_repeat = t('auth.errors.passwordsDiffer');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    change.mutate(
      { old_password: oldPassword, password, password_repeat: repeat },
      {
        onSuccess: () => {
          setOpen(false);
          setOldPassword('');
          setPassword('');
          setRepeat('');
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) setErrors(fields);
        },
      },
    );
  }

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
        <form
          id="password-change-form"
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
          <PasswordField
            ref={firstRef}
            label={t('accountSettings.password.current')}
            name="old_password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(event) => setOldPassword(event.target.value)}
            error={errors.old_password}
          />
          <PasswordField
            label={t('accountSettings.password.new')}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.password}
          />
          <PasswordField
            label={t('accountSettings.password.repeat')}
            name="password_repeat"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            error={errors.password_repeat}
          />
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              {change.isPending ? t('accountSettings.saving') : t('accountSettings.password.submit')}
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
