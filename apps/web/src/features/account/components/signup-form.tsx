import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  PASSWORD_MIN_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
  sexualityFor,
  type Country,
  type Gender,
  type Seeking,
} from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { currentLocale } from '../../../lib/i18n';
import { readLanding, readTracking } from '../../../lib/tracking';
import { useSettings } from '../../../data/settings';
import type { SignupBody } from '../api/contract';
import { useSignup } from '../api/signup';
import {
  birthDate,
  firstStepWithError,
  SIGNUP_LAST_STEP,
  signupInProgress,
  signupStepErrors,
  type SignupValues,
} from '../rules';
import { describedBy, FieldShell } from '../../../components/form/field-shell';
import { fieldErrorsOf, FormAlert, PasswordField, TextField } from '../../../components/form-fields';
import { ReactivationButton } from './reactivation-form';
import './signup-form.scss';

interface SignupFormProps {
  /** /members/{id}/signup: the member the first message goes to. */
  recipientId?: number;
  /** Called when the member exists and is logged in. */
  onSuccess: () => void;
  /** Told whether signup is in progress, so a modal can refuse to be dismissed. */
  onProgressChange?: (inProgress: boolean) => void;
  /** Follows a link out of the form (a modal closes first). */
  onLeave?: () => void;
}

const GENDERS: Gender[] = ['female', 'male'];
const SEEKING: Seeking[] = ['men', 'women', 'both'];
const STEP_KEYS = ['who', 'birth', 'name', 'account', 'terms'] as const;

/** The signup form (#signup-form) in steps 0 to 4, for the modal and the /signup page alike. */
export function SignupForm({ recipientId, onSuccess, onProgressChange, onLeave }: SignupFormProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const errorText = useErrorText();
  const signup = useSignup();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<SignupValues>(() => ({
    gender: null,
    seeking: null,
    day: '',
    month: '',
    year: '',
    name: '',
    country: settings.geoip_selected_country ?? settings.countries[0] ?? '',
    email: '',
    password: '',
    terms: false,
  }));
  const [message, setMessage] = useState('');
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const inProgress = signupInProgress(step, signup.isPending);
  useEffect(() => onProgressChange?.(inProgress), [inProgress, onProgressChange]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function update<K extends keyof SignupValues>(key: K, value: SignupValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function check(forStep: number): boolean {
    const keys = signupStepErrors(forStep, values, {
      minAge: settings.min_age,
      passwordMinLength: PASSWORD_MIN_LENGTH,
      today: new Date(),
    });
    const texts = Object.fromEntries(
      Object.entries(keys).map(([field, key]) => [
        field,
        t(`auth.errors.${key}`, { min_age: settings.min_age, min: PASSWORD_MIN_LENGTH }),
      ]),
    );
    setErrors(texts);
    return Object.keys(texts).length === 0;
  }

  function handleBack() {
    setErrors({});
    signup.reset();
    setStep((current) => Math.max(0, current - 1));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check(step)) return;
    if (step < SIGNUP_LAST_STEP) {
      setStep(step + 1);
      return;
    }
    const tracking = readTracking();
    const landing = readLanding();
    const body: SignupBody = {
      email: values.email.trim(),
      password: values.password,
      name: values.name.trim(),
      date_of_birth: birthDate(values.day, values.month, values.year) ?? '',
      gender: values.gender ?? 'female',
      sexuality: sexualityFor(values.gender ?? 'female', values.seeking ?? 'both'),
      country: values.country as Country,
      terms: true,
      language: currentLocale(),
      ...(tracking && Object.keys(tracking).length > 0 ? { tracking } : {}),
      ...(landing ? { landing } : {}),
      ...(recipientId ? { recipient_id: recipientId } : {}),
      ...(recipientId && message.trim() ? { signup_message: message.trim() } : {}),
      ...(marketing ? { marketing: true } : {}),
    };
    signup.mutate(body, {
      onSuccess: () => onSuccess(),
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) {
          setErrors(fields);
          const target = firstStepWithError(fields);
          if (target !== null) setStep(target);
        }
      },
    });
  }

  const stepKey = STEP_KEYS[step]!;
  const total = SIGNUP_LAST_STEP + 1;

  return (
    <form
      id="signup-form"
      className="auth-form signup-form"
      onSubmit={handleSubmit}
      noValidate
      aria-busy={signup.isPending}
    >
      <div className="signup-progress">
        <div
          className="progress"
          role="progressbar"
          aria-label={t('signup.progress', { step: step + 1, total })}
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={step + 1}
        >
          <div className="progress-bar" style={{ width: `${((step + 1) / total) * 100}%` }} />
        </div>
        <span className="signup-progress__text">{t('signup.progress', { step: step + 1, total })}</span>
      </div>

      <h2 ref={headingRef} tabIndex={-1} className="signup-form__title" data-step={step}>
        {t(`signup.steps.${stepKey}.title`)}
      </h2>
      <p className="signup-form__intro">{t(`signup.steps.${stepKey}.intro`, { min_age: settings.min_age })}</p>

      {signup.isError && !fieldErrorsOf(signup.error) && (
        <SignupFailure
          error={signup.error}
          text={errorText(signup.error)}
          email={values.email.trim()}
          onLeave={onLeave}
        />
      )}

      {step === 0 && (
        <>
          <ChoiceGroup
            legend={t('signup.iAm')}
            name="gender"
            options={GENDERS.map((value) => ({ value, label: t(`signup.gender.${value}`) }))}
            value={values.gender}
            onChange={(value) => update('gender', value)}
            error={errors.gender}
          />
          <ChoiceGroup
            legend={t('signup.seeking')}
            name="seeking"
            options={SEEKING.map((value) => ({ value, label: t(`signup.seekingOptions.${value}`) }))}
            value={values.seeking}
            onChange={(value) => update('seeking', value)}
            error={errors.sexuality}
          />
        </>
      )}
      {step === 1 && (
        <BirthDateFields values={values} update={update} error={errors.date_of_birth} minAge={settings.min_age} />
      )}
      {step === 2 && (
        <>
          <TextField
            label={t('signup.name')}
            name="name"
            autoComplete="nickname"
            maxLength={PROFILE_NAME_MAX_LENGTH}
            value={values.name}
            onChange={(event) => update('name', event.target.value)}
            hint={t('signup.nameHint')}
            error={errors.name}
          />
          <CountrySelect
            countries={settings.countries}
            value={values.country}
            onChange={(value) => update('country', value)}
            error={errors.country}
          />
        </>
      )}
      {step === 3 && (
        <>
          <TextField
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            hint={t('signup.emailHint')}
            error={errors.email}
          />
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
            hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.password}
          />
        </>
      )}
      {step === 4 && (
        <>
          {recipientId !== undefined && (
            <MessageField value={message} onChange={setMessage} error={errors.signup_message} />
          )}
          <TermsField checked={values.terms} onChange={(checked) => update('terms', checked)} error={errors.terms} />
          <MarketingField checked={marketing} onChange={setMarketing} />
        </>
      )}

      <div className="signup-form__actions">
        {step > 0 && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-lg"
            onClick={handleBack}
            disabled={signup.isPending}
          >
            {t('signup.back')}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-lg flex-grow-1" disabled={signup.isPending}>
          {step < SIGNUP_LAST_STEP ? t('signup.next') : signup.isPending ? t('signup.submitting') : t('signup.submit')}
        </button>
      </div>
    </form>
  );
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string;
}

/** Radio buttons drawn as friendly cards; arrow keys move between them as in any radio group. */
function ChoiceGroup<T extends string>({ legend, name, options, value, onChange, error }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <fieldset className="choice-group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label fw-semibold">{legend}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option.value} className={`choice-card${value === option.value ? ' choice-card--selected' : ''}`}>
            <input
              type="radio"
              className="choice-card__input"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="choice-card__check" aria-hidden="true">
              <CheckIcon size={14} />
            </span>
            <span className="choice-card__label">{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

function BirthDateFields({
  values,
  update,
  error,
  minAge,
}: {
  values: SignupValues;
  update: <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => void;
  error?: string;
  minAge: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 100 - minAge + 1 }, (_, index) => thisYear - minAge - index);
  const invalid = error ? ' is-invalid' : '';
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset className="birth-date" aria-describedby={describedBy}>
      <legend className="form-label fw-semibold">{t('signup.dateOfBirth')}</legend>
      <div className="birth-date__selects">
        <div>
          <label className="visually-hidden" htmlFor={`${id}-day`}>
            {t('signup.day')}
          </label>
          <select
            id={`${id}-day`}
            name="day"
            className={`form-select${invalid}`}
            value={values.day}
            onChange={(event) => update('day', event.target.value)}
            aria-invalid={error ? true : undefined}
          >
            <option value="">{t('signup.day')}</option>
            {Array.from({ length: 31 }, (_, index) => (
              <option key={index} value={String(index + 1)}>
                {index + 1}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="visually-hidden" htmlFor={`${id}-month`}>
            {t('signup.month')}
          </label>
          <select
            id={`${id}-month`}
            name="month"
            className={`form-select${invalid}`}
            value={values.month}
            onChange={(event) => update('month', event.target.value)}
            aria-invalid={error ? true : undefined}
          >
            <option value="">{t('signup.month')}</option>
            {Array.from({ length: 12 }, (_, index) => (
              <option key={index} value={String(index + 1)}>
                {monthName.format(new Date(Date.UTC(2000, index, 1)))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="visually-hidden" htmlFor={`${id}-year`}>
            {t('signup.year')}
          </label>
          <select
            id={`${id}-year`}
            name="year"
            className={`form-select${invalid}`}
            value={values.year}
            onChange={(event) => update('year', event.target.value)}
            aria-invalid={error ? true : undefined}
          >
            <option value="">{t('signup.year')}</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

function CountrySelect({
  countries,
  value,
  onChange,
  error,
}: {
  countries: Country[];
  value: Country | '';
  onChange: (value: Country) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const names = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  return (
    <FieldShell id={id} label={t('signup.country')} error={error}>
      <select
        id={id}
        name="country"
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value as Country)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
      >
        {(value === '' || !countries.includes(value)) && <option value="">{t('signup.chooseCountry')}</option>}
        {countries.map((code) => (
          <option key={code} value={code}>
            {names.of(code) ?? code}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function MessageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hint = t('signup.messageHint');
  return (
    <FieldShell id={id} label={t('signup.message')} error={error} hint={hint}>
      <textarea
        id={id}
        name="signup_message"
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={3}
        maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldShell>
  );
}

/**
 * Renders a text whose `<link>…</link>` part becomes the given element. (react-i18next's Trans
 * loses the link's text under preact/compat, so the split is done here.)
 */
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

function TermsField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const id = useId();
  return (
    <div className="form-check terms-check">
      <input
        id={id}
        type="checkbox"
        name="terms"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label className="form-check-label" htmlFor={id}>
        {withLink(t('signup.terms', { min_age: settings.min_age }), (text) => (
          <Link to="/pages/terms" target="_blank" rel="noopener">
            {text}
          </Link>
        ))}
      </label>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

/** The opt-in to marketing mails: unticked, as consent is only what the member ticks. */
function MarketingField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-check terms-check">
      <input
        id={id}
        type="checkbox"
        name="marketing"
        className="form-check-input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {t('signup.marketing')}
      </label>
    </div>
  );
}

/** A refused signup: the API's message, with the way forward its reason offers. */
function SignupFailure({
  error,
  text,
  email,
  onLeave,
}: {
  error: unknown;
  text: string;
  /** The address the member signed up with: a deleted account's reactivation link goes there. */
  email: string;
  onLeave?: () => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const code = error instanceof ApiError ? error.error : null;
  let extra: ReactNode = null;
  if (code === 'email_taken') {
    extra = (
      <p>
        <Link to="/login" className="alert-link" onClick={onLeave}>
          {t('nav.login')}
        </Link>
      </p>
    );
  } else if (code === 'account_deleted') {
    extra = (
      <>
        <p>{t('signup.accountDeletedHelp', { email: settings.support_email })}</p>
        {email && <ReactivationButton email={email} />}
      </>
    );
  } else if (code === 'signups_closed') {
    extra = <p>{t('signup.signupsClosedHelp')}</p>;
  }
  return (
    <FormAlert variant={code === 'email_taken' || code === 'account_deleted' ? 'warning' : 'danger'}>
      <p className={extra ? 'mb-1' : undefined}>{text}</p>
      {extra}
    </FormAlert>
  );
}
