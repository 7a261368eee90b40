import { DIRECT_DEBIT_OTP_LENGTH, DIRECT_DEBIT_OTP_MINUTES } from '@app/shared';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, Form, useAppForm } from '../../../../components/form';
import { cleanOtp, isOtpComplete } from '../rules';

interface OtpStepProps {
  /** The last digits of the phone the code went to. */
  phoneHint: string;
  /** Confirms the order with the code; 'Code ongeldig' shows at the field, anything else above it. */
  onSubmit: (otp: string) => Promise<unknown>;
  /** Back to the form, to correct the details (sending it again sends a new code). */
  onBack: () => void;
  /** The order is confirmed and the page is on its way to it. */
  done: boolean;
}

/** The SMS code step: the code the member received confirms the direct-debit order. */
export function OtpStep({ phoneHint, onSubmit, onBack, done }: OtpStepProps) {
  const { t } = useTranslation();
  const form = useAppForm<{ otp: string }>({
    defaultValues: { otp: '' },
    check: ({ otp }) =>
      isOtpComplete(otp)
        ? {}
        : ({ otp: t('directDebit.otp.incomplete', { digits: DIRECT_DEBIT_OTP_LENGTH }) } as Record<string, string>),
  });
  const { setFocus } = form;
  const id = useId();

  // The step replaces the form: the code field is where the member continues.
  useEffect(() => setFocus('otp'), [setFocus]);

  const pending = form.formState.isSubmitting || done;
  return (
    <Form id="direct-debit-otp" className="auth-form dd-otp" form={form} onSubmit={({ otp }) => onSubmit(otp)}>
      <p className="dd-otp__sent" role="status">
        {t('directDebit.otp.sent', { phone: phoneHint, minutes: DIRECT_DEBIT_OTP_MINUTES })}
      </p>
      <Controller
        control={form.control}
        name="otp"
        render={({ field, fieldState }) => {
          const error = fieldState.error?.message;
          const hint = t('directDebit.otp.hint', { digits: DIRECT_DEBIT_OTP_LENGTH });
          return (
            <FieldShell id={id} label={t('directDebit.otp.label')} error={error} hint={hint} className="dd-otp__field">
              <input
                ref={field.ref}
                id={id}
                name={field.name}
                className={`form-control${error ? ' is-invalid' : ''}`}
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={DIRECT_DEBIT_OTP_LENGTH}
                value={field.value}
                // Digits only, as the code is: a typed letter or space never shows.
                onChange={(event) => field.onChange(cleanOtp(event.target.value))}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, error, hint)}
              />
            </FieldShell>
          );
        }}
      />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('directDebit.otp.confirming') : t('directDebit.otp.submit')}
      </button>
      <button type="button" className="btn btn-link" onClick={onBack} disabled={pending}>
        {t('directDebit.otp.back')}
      </button>
    </Form>
  );
}
