import { ReactivationRequestBodySchema, type ReactivationRequestBody } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Form, FormAlert, TextField, useAppForm } from '../../../components/form';
import { useErrorText } from '../../../lib/error-text';
import { useRequestReactivation } from '../api/reactivation';

/**
 * Asks for a new reactivation link. The server answers alike for every address, so the
 * confirmation stays neutral too.
 */
export function ReactivationForm() {
  const { t } = useTranslation();
  const request = useRequestReactivation();
  const form = useAppForm<ReactivationRequestBody>({
    defaultValues: { email: '' },
    schema: ReactivationRequestBodySchema,
    messages: { email: { field_required: t('auth.errors.emailRequired') } },
  });

  if (request.isSuccess) {
    return <FormAlert variant="success">{t('reactivation.sent')}</FormAlert>;
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form id="reactivation-form" className="auth-form" form={form} onSubmit={(body) => request.mutateAsync(body)}>
      <TextField name="email" label={t('auth.email')} type="email" autoComplete="email" inputMode="email" required />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('reactivation.sending') : t('reactivation.send')}
      </button>
    </Form>
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
