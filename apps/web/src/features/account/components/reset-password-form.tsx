import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { PASSWORD_MIN_LENGTH } from '@app/shared';
import { useResetPassword } from '../api/password-reset';
import { fieldErrorsOf, FormAlert, PasswordField } from '../../../components/form-fields';

/** Sets a new password with the mailed token (#reset-password-do-form). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (password.length < PASSWORD_MIN_LENGTH)
      next.password = t('auth.errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    else if (password !== repeat) next.password_repeat = t('auth.errors.passwordsDiffer');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    reset.mutate(
      { token, password, password_repeat: repeat },
      {
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) setErrors(fields);
        },
      },
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="auth-success" role="status">
        <span className="auth-success__icon">
          <CheckIcon size={30} />
        </span>
        <h2 className="h4">{t('reset.doneTitle')}</h2>
        <p>{t('reset.doneText')}</p>
        <Link className="btn btn-primary btn-lg" to="/login">
          {t('actions.login')}
        </Link>
      </div>
    );
  }

  const invalidLink = reset.error instanceof ApiError && reset.error.error === 'reset_token_invalid';
  return (
    <form
      id="reset-password-do-form"
      className="auth-form"
      onSubmit={handleSubmit}
      noValidate
      aria-busy={reset.isPending}
    >
      {reset.isError && !fieldErrorsOf(reset.error) && (
        <FormAlert>
          <p className={invalidLink ? 'mb-1' : undefined}>{errorText(reset.error)}</p>
          {invalidLink && (
            <p>
              <Link to="/reset-password" className="alert-link">
                {t('reset.requestNew')}
              </Link>
            </p>
          )}
        </FormAlert>
      )}
      <PasswordField
        label={t('reset.newPassword')}
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
      />
      <PasswordField
        label={t('reset.repeatPassword')}
        name="password_repeat"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={errors.password_repeat}
      />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={reset.isPending}>
        {reset.isPending ? t('reset.saving') : t('reset.save')}
      </button>
    </form>
  );
}
