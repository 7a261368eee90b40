import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestReactivation } from '../api/reactivation';
import { fieldErrorsOf, FormAlert, TextField } from '../../../components/form-fields';
import { useErrorText } from '../../../lib/error-text';

/**
 * Asks for a new reactivation link. The server answers alike for every address, so the
 * confirmation stays neutral too.
 */
export function ReactivationForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const request = useRequestReactivation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ email: t('auth.errors.emailRequired') });
      return;
    }
    setErrors({});
    request.mutate(
      { email: email.trim() },
      {
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) setErrors(fields);
        },
      },
    );
  }

  if (request.isSuccess) {
    return <FormAlert variant="success">{t('reactivation.sent')}</FormAlert>;
  }

  return (
    <form id="reactivation-form" className="auth-form" onSubmit={handleSubmit} noValidate aria-busy={request.isPending}>
      {request.isError && !fieldErrorsOf(request.error) && (
        <FormAlert>
          <p>{errorText(request.error)}</p>
        </FormAlert>
      )}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={request.isPending}>
        {request.isPending ? t('reactivation.sending') : t('reactivation.send')}
      </button>
    </form>
  );
}

/** The reactivation link for an address the member already typed (the signup form's refusal). */
export function ReactivationButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const request = useRequestReactivation();
  if (request.isSuccess) return <p role="status">{t('reactivation.sent')}</p>;
  return (
    <>
      <p>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          disabled={request.isPending}
          onClick={() => request.mutate({ email })}
        >
          {request.isPending ? t('reactivation.sending') : t('reactivation.sendLink')}
        </button>
      </p>
      {request.isError && <p role="alert">{errorText(request.error)}</p>}
    </>
  );
}
