import { isValidIban } from '@app/shared';
import { useId, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, TextField, useAppForm, useFieldError } from '../../../../components/form';
import { validateDirectDebit, type DirectDebitField, type DirectDebitForm } from '../rules';
import { IbanField } from './iban-field';

interface DirectDebitFormProps {
  /** What the form starts with: what the member sent last, when they come back to correct it. */
  initial: DirectDebitForm;
  /** Sends the checked form; a failure shows at its fields or above the form. */
  onSubmit: (form: DirectDebitForm) => Promise<unknown>;
  /** Who is authorised to collect, and how much, for the mandate sentence. */
  creditor: string;
  amount: string;
}

/** "text <link>linked</link> text" with the middle part as a link made by `link`. */
function withLink(text: string, link: (inner: string) => ReactNode): ReactNode {
  const match = /^(.*?)<link>(.*?)<\/link>(.*)$/s.exec(text);
  if (!match) return text;
  return (
    <>
      {match[1]}
      {link(match[2] ?? '')}
      {match[3]}
    </>
  );
}

/**
 * The SEPA direct-debit form of spec section 3: account holder, IBAN (checked by its checksum
 * before sending), address, the phone the code goes to, and the terms with the mandate.
 */
export function DirectDebitFormView({ initial, onSubmit, creditor, amount }: DirectDebitFormProps) {
  const { t } = useTranslation();
  const form = useAppForm<DirectDebitForm>({
    defaultValues: initial,
    check: (values) =>
      Object.fromEntries(
        Object.entries(validateDirectDebit(values)).map(([field, problem]) => [
          field,
          problemText(field as DirectDebitField, problem),
        ]),
      ),
  });

  function problemText(field: DirectDebitField, problem: string): string {
    if (problem === 'invalid' && field === 'iban') return t('iban_invalid', { ns: 'errors' });
    if (problem === 'invalid' && field === 'phone') return t('directDebit.errors.phone');
    return t(`directDebit.errors.${problem}`);
  }

  const field = (name: Exclude<DirectDebitField, 'iban' | 'terms'>, autoComplete: string, extra: object = {}) => (
    <TextField
      name={name}
      label={t(`directDebit.fields.${name}`)}
      autoComplete={autoComplete}
      className={`dd-form__${name}`}
      {...extra}
    />
  );
  const pending = form.formState.isSubmitting;

  return (
    <Form id="direct-debit-form" className="auth-form dd-form" form={form} onSubmit={onSubmit}>
      <fieldset className="dd-form__group">
        <legend className="dd-form__legend">{t('directDebit.account')}</legend>
        {field('account_holder', 'name', { hint: t('directDebit.hints.account_holder') })}
        <Controller
          control={form.control}
          name="iban"
          render={({ field: iban, fieldState }) => (
            <IbanField
              label={t('directDebit.fields.iban')}
              value={iban.value}
              onChange={iban.onChange}
              onBlur={() => {
                iban.onBlur();
                if (iban.value.trim() && !isValidIban(iban.value)) {
                  form.setError('iban', { type: 'check', message: problemText('iban', 'invalid') });
                }
              }}
              inputRef={iban.ref}
              error={fieldState.error?.message}
              hint={t('directDebit.hints.iban')}
            />
          )}
        />
      </fieldset>
      <fieldset className="dd-form__group dd-form__address">
        <legend className="dd-form__legend">{t('directDebit.address')}</legend>
        {field('street', 'address-line1')}
        {field('house_number', 'off')}
        {field('zip', 'postal-code', { autoCapitalize: 'characters' })}
        {field('city', 'address-level2')}
      </fieldset>
      <fieldset className="dd-form__group">
        <legend className="dd-form__legend">{t('directDebit.verification')}</legend>
        {field('phone', 'tel', { type: 'tel', inputMode: 'tel', hint: t('directDebit.hints.phone') })}
      </fieldset>
      <TermsCheck creditor={creditor} amount={amount} />
      <p className="dd-form__note">{t('directDebit.mandateNote')}</p>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('directDebit.sending') : t('directDebit.submit')}
      </button>
    </Form>
  );
}

/** The terms with the mandate sentence: its link in the label, its problem under it. */
function TermsCheck({ creditor, amount }: { creditor: string; amount: string }) {
  const { t } = useTranslation();
  const termsId = useId();
  const { register } = useFormContext<DirectDebitForm>();
  const termsError = useFieldError('terms');
  return (
    <div className="form-check terms-check">
      <input
        id={termsId}
        type="checkbox"
        className={`form-check-input${termsError ? ' is-invalid' : ''}`}
        {...register('terms')}
        aria-invalid={termsError ? true : undefined}
        aria-describedby={termsError ? `${termsId}-error` : undefined}
      />
      <label className="form-check-label" htmlFor={termsId}>
        {withLink(t('directDebit.terms', { creditor, amount }), (text) => (
          <Link to="/pages/terms" target="_blank" rel="noopener">
            {text}
          </Link>
        ))}
      </label>
      {termsError && (
        <div id={`${termsId}-error`} className="invalid-feedback d-block">
          {termsError}
        </div>
      )}
    </div>
  );
}
