import { isValidIban } from '@app/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorsOf, FormAlert, TextField } from '../../../../components/form-fields';
import {
  DIRECT_DEBIT_FIELDS,
  validateDirectDebit,
  type DirectDebitField,
  type DirectDebitForm,
  type FieldProblem,
} from '../rules';
import { IbanField } from './iban-field';
import { useErrorText } from '../../../../lib/error-text';

interface DirectDebitFormProps {
  form: DirectDebitForm;
  onChange: (form: DirectDebitForm) => void;
  /** Called with the checked form; the caller sends it. */
  onSubmit: (form: DirectDebitForm) => void;
  pending: boolean;
  /** The last failed send, shown at its fields or above the form. */
  error: unknown;
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
export function DirectDebitFormView({
  form,
  onChange,
  onSubmit,
  pending,
  error,
  creditor,
  amount,
}: DirectDebitFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const termsId = useId();
  const [problems, setProblems] = useState<Partial<Record<DirectDebitField, FieldProblem>>>({});
  const serverFields = fieldErrorsOf(error) ?? {};
  // A failure the fields cannot show (another field, or no answer at all) goes above the form.
  const shown: readonly string[] = [...DIRECT_DEBIT_FIELDS, 'terms'];
  const general =
    error !== null && error !== undefined && Object.keys(serverFields).every((name) => !shown.includes(name));

  function update<K extends keyof DirectDebitForm>(field: K, value: DirectDebitForm[K]) {
    onChange({ ...form, [field]: value });
    if (problems[field]) setProblems(({ [field]: _cleared, ...rest }) => rest);
  }

  function problemText(field: DirectDebitField): string | undefined {
    const problem = problems[field];
    if (problem === 'invalid' && field === 'iban') return t('iban_invalid', { ns: 'errors' });
    if (problem === 'invalid' && field === 'phone') return t('directDebit.errors.phone');
    if (problem) return t(`directDebit.errors.${problem}`);
    return serverFields[field];
  }

  function handleIbanBlur() {
    if (form.iban.trim() && !isValidIban(form.iban)) setProblems((current) => ({ ...current, iban: 'invalid' }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDirectDebit(form);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(`#direct-debit-form [name="${first}"]`)?.focus();
      return;
    }
    onSubmit(form);
  }

  const field = (name: Exclude<DirectDebitField, 'iban' | 'terms'>, autoComplete: string, extra: object = {}) => (
    <TextField
      label={t(`directDebit.fields.${name}`)}
      name={name}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(event) => update(name, event.target.value)}
      error={problemText(name)}
      className={`dd-form__${name}`}
      {...extra}
    />
  );
  const termsError = problemText('terms');

  return (
    <form id="direct-debit-form" className="auth-form dd-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
      {general && (
        <FormAlert>
          <p>{errorText(error)}</p>
        </FormAlert>
      )}
      <fieldset className="dd-form__group">
        <legend className="dd-form__legend">{t('directDebit.account')}</legend>
        {field('account_holder', 'name', { hint: t('directDebit.hints.account_holder') })}
        <IbanField
          label={t('directDebit.fields.iban')}
          value={form.iban}
          onChange={(value) => update('iban', value)}
          onBlur={handleIbanBlur}
          error={problemText('iban')}
          hint={t('directDebit.hints.iban')}
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
      <div className="form-check terms-check">
        <input
          id={termsId}
          type="checkbox"
          name="terms"
          className={`form-check-input${termsError ? ' is-invalid' : ''}`}
          checked={form.terms}
          onChange={(event) => update('terms', event.target.checked)}
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
      <p className="dd-form__note">{t('directDebit.mandateNote')}</p>
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending ? t('directDebit.sending') : t('directDebit.submit')}
      </button>
    </form>
  );
}
