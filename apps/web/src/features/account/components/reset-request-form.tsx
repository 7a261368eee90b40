import { PasswordResetRequestBodySchema, type PasswordResetRequestBody } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Form, TextField, useAppForm } from '../../../components/form';
import { MailCheckIcon } from '../../../components/icons';
import { useRequestPasswordReset } from '../api/password-reset';

/** Asks for the e-mail address and mails a reset link (#reset-password-form). */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useAppForm<PasswordResetRequestBody>({
    defaultValues: { email: '' },
    schema: PasswordResetRequestBodySchema,
    messages: { email: { field_required: t('auth.errors.emailRequired') } },
  });

  if (request.isSuccess) {
    return (
      <div className="auth-success" role="status">
        <span className="auth-success__icon">
          <MailCheckIcon size={30} />
        </span>
        <h2 className="h4">{t('reset.sentTitle')}</h2>
        <p className="mb-0">{t('reset.sentText', { email: request.variables.email })}</p>
      </div>
    );
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form id="reset-password-form" className="auth-form" form={form} onSubmit={(body) => request.mutateAsync(body)}>
      <TextField name="email" label={t('auth.email')} type="email" autoComplete="email" inputMode="email" required />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('reset.sending') : t('reset.submit')}
      </button>
    </Form>
  );
}
