import { LoginBodySchema, type LoginBody } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form, PasswordField, TextField, useAppForm } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { useLogin } from '../api/login';
import { storeBanNotice } from '../ban-notice';

interface LoginFormProps {
  /** Called with the member once logged in. */
  onSuccess: () => void;
}

/** The login form (#login-form): e-mail, password with a show toggle, forgot-password link. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const navigate = useNavigate();
  const form = useAppForm<LoginBody>({
    defaultValues: { email: '', password: '' },
    schema: LoginBodySchema,
    messages: {
      email: { field_required: t('auth.errors.emailRequired') },
      password: { field_required: t('auth.errors.passwordRequired') },
    },
  });

  async function send(body: LoginBody) {
    try {
      await login.mutateAsync(body);
    } catch (error) {
      // A banned member learns why on the ban page rather than in a one-line alert.
      if (error instanceof ApiError && error.error === 'account_banned') {
        storeBanNotice(error.message);
        void navigate('/pages/ban');
        return;
      }
      throw error;
    }
    onSuccess();
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form id="login-form" className="auth-form" form={form} onSubmit={send}>
      <TextField name="email" label={t('auth.email')} type="email" autoComplete="username" inputMode="email" required />
      <PasswordField name="password" label={t('auth.password')} autoComplete="current-password" required />
      <div className="auth-form__row">
        <Link to="/reset-password">{t('pages.login.forgotPassword')}</Link>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('auth.loggingIn') : t('auth.loginSubmit')}
      </button>
    </Form>
  );
}
