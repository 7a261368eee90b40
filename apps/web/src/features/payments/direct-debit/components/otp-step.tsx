import { DIRECT_DEBIT_OTP_LENGTH, DIRECT_DEBIT_OTP_MINUTES } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, FormAlert, TextField } from '../../../../components/form-fields';
import { cleanOtp, isOtpComplete } from '../rules';
import { useErrorText } from '../../../../lib/error-text';

interface OtpStepProps {
  /** The last digits of the phone the code went to. */
  phoneHint: string;
  onSubmit: (otp: string) => void;
  /** Back to the form, to correct the details (sending it again sends a new code). */
  onBack: () => void;
  pending: boolean;
  /** The last failed confirmation: 'Code ongeldig' at the field, anything else above it. */
  error: unknown;
}

/** The SMS code step: the code the member received confirms the direct-debit order. */
export function OtpStep({ phoneHint, onSubmit, onBack, pending, error }: OtpStepProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [otp, setOtp] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldError = fieldErrorsOf(error)?.otp;

  // The step replaces the form: the code field is where the member continues.
  useEffect(() => inputRef.current?.focus(), []);

  // After a wrong code the member is back in the field, its code selected so the next one replaces it.
  useEffect(() => {
    if (!fieldError) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [fieldError, error]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isOtpComplete(otp)) {
      setIncomplete(true);
      inputRef.current?.focus();
      return;
    }
    onSubmit(otp);
  }

  return (
    <form id="direct-debit-otp" className="auth-form dd-otp" onSubmit={handleSubmit} noValidate aria-busy={pending}>
      <p className="dd-otp__sent" role="status">
        {t('directDebit.otp.sent', { phone: phoneHint, minutes: DIRECT_DEBIT_OTP_MINUTES })}
      </p>
      {error !== null && error !== undefined && !fieldError && (
        <FormAlert>
          <p>{errorText(error)}</p>
        </FormAlert>
      )}
      <TextField
        ref={inputRef}
        label={t('directDebit.otp.label')}
        name="otp"
        className="dd-otp__field"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={DIRECT_DEBIT_OTP_LENGTH}
        value={otp}
        onChange={(event) => {
          setOtp(cleanOtp(event.target.value));
          setIncomplete(false);
        }}
        error={incomplete ? t('directDebit.otp.incomplete', { digits: DIRECT_DEBIT_OTP_LENGTH }) : fieldError}
        hint={t('directDebit.otp.hint', { digits: DIRECT_DEBIT_OTP_LENGTH })}
      />
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('directDebit.otp.confirming') : t('directDebit.otp.submit')}
      </button>
      <button type="button" className="btn btn-link" onClick={onBack} disabled={pending}>
        {t('directDebit.otp.back')}
      </button>
    </form>
  );
}
