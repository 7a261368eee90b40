import { PASSWORD_MIN_LENGTH, PasswordResetBodySchema, type PasswordResetBody } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, FormAlert, PasswordField, useAppForm } from '../../../components/form';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { useResetPassword } from '../api/password-reset';

type ResetValues = Omit<PasswordResetBody, 'token'>;

/** Sets a new password with the mailed token (#reset-password-do-form). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const tooShort = t('auth.errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  const form = useAppForm<ResetValues, PasswordResetBody>({
    defaultValues: { password: '', password_repeat: '' },
    schema: PasswordResetBodySchema,
    toRequest: (values) => ({ ...values, token }),
    messages: {
      password: { field_required: tooShort, field_too_short: tooShort },
      password_repeat: { passwords_differ: t('auth.errors.passwordsDiffer') },
    },
  });

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
  const pending = form.formState.isSubmitting;
  return (
    <Form
      id="reset-password-do-form"
      className="auth-form"
      form={form}
      alert={false}
      onSubmit={(body) => reset.mutateAsync(body)}
    >
      {form.formError && (
        <FormAlert>
          <p className={invalidLink ? 'mb-1' : undefined}>{form.formError}</p>
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
        name="password"
        label={t('reset.newPassword')}
        autoComplete="new-password"
        hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        required
      />
      <PasswordField name="password_repeat" label={t('reset.repeatPassword')} autoComplete="new-password" required />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('reset.saving') : t('reset.save')}
      </button>
    </Form>
  );
}
