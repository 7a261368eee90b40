import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { useLogin } from '../api/login';
import { storeBanNotice } from '../ban-notice';
import { FormAlert, PasswordField, TextField } from '../../../components/form-fields';

interface LoginFormProps {
  /** Called with the member once logged in. */
  onSuccess: () => void;
}

/** The login form (#login-form): e-mail, password with a show toggle, forgot-password link. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const login = useLogin();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { email: !email.trim(), password: !password };
    setMissing(next);
    if (next.email || next.password) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => onSuccess(),
        onError: (error) => {
          // A banned member learns why on the ban page rather than in a one-line alert.
          if (error instanceof ApiError && error.error === 'account_banned') {
            storeBanNotice(error.message);
            void navigate('/pages/ban');
          }
        },
      },
    );
  }

  return (
    <form id="login-form" className="auth-form" onSubmit={handleSubmit} noValidate aria-busy={login.isPending}>
      {login.isError && <FormAlert>{errorText(login.error)}</FormAlert>}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing.email ? t('auth.errors.emailRequired') : null}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={missing.password ? t('auth.errors.passwordRequired') : null}
      />
      <div className="auth-form__row">
        <Link to="/reset-password">{t('pages.login.forgotPassword')}</Link>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={login.isPending}>
        {login.isPending ? t('auth.loggingIn') : t('auth.loginSubmit')}
      </button>
    </form>
  );
}
