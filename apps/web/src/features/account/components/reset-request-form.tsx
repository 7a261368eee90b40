import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MailCheckIcon } from '../../../components/icons';
import { useRequestPasswordReset } from '../api/password-reset';
import { FormAlert, TextField } from '../../../components/form-fields';
import { useErrorText } from '../../../lib/error-text';

/** Asks for the e-mail address and mails a reset link (#reset-password-form). */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMissing(!email.trim());
    if (!email.trim()) return;
    request.mutate({ email: email.trim() });
  }

  if (request.isSuccess) {
    return (
      <div className="auth-success" role="status">
        <span className="auth-success__icon">
          <MailCheckIcon size={30} />
        </span>
        <h2 className="h4">{t('reset.sentTitle')}</h2>
        <p className="mb-0">{t('reset.sentText', { email: email.trim() })}</p>
      </div>
    );
  }

  return (
    <form
      id="reset-password-form"
      className="auth-form"
      onSubmit={handleSubmit}
      noValidate
      aria-busy={request.isPending}
    >
      {request.isError && <FormAlert>{errorText(request.error)}</FormAlert>}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing ? t('auth.errors.emailRequired') : null}
      />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={request.isPending}>
        {request.isPending ? t('reset.sending') : t('reset.submit')}
      </button>
    </form>
  );
}
