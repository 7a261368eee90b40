import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  PASSWORD_MIN_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
  sexualityFor,
  type Country,
  type Gender,
  type Seeking,
} from '@app/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Form,
  FormAlert,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
  useAppForm,
  useFieldError,
} from '../../../components/form';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { fieldErrorsOf } from '../../../lib/error-text';
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

type SignupFormValues = SignupValues & { signup_message: string; marketing: boolean };

const GENDERS: Gender[] = ['female', 'male'];
const SEEKING: Seeking[] = ['men', 'women', 'both'];
const STEP_KEYS = ['who', 'birth', 'name', 'account', 'terms'] as const;
/** Problems the server names by its contract's field, shown under the controls that make it up. */
const CONTRACT_FIELDS = ['sexuality', 'date_of_birth'] as const;

/** The signup form (#signup-form) in steps 0 to 4, for the modal and the /signup page alike. */
export function SignupForm({ recipientId, onSuccess, onProgressChange, onLeave }: SignupFormProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const signup = useSignup();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const [step, setStep] = useState(0);
  const form = useAppForm<SignupFormValues>({
    defaultValues: {
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
      signup_message: '',
      marketing: false,
    },
    // Each step is checked on its own as it is left; the server checks the whole at the end.
    check: (values) =>
      Object.fromEntries(
        Object.entries(
          signupStepErrors(step, values, {
            minAge: settings.min_age,
            passwordMinLength: PASSWORD_MIN_LENGTH,
            today: new Date(),
          }),
        ).map(([field, key]) => [
          field,
          t(`auth.errors.${key}`, { min_age: settings.min_age, min: PASSWORD_MIN_LENGTH }),
        ]),
      ),
    fieldsShown: CONTRACT_FIELDS,
  });
  const pending = form.formState.isSubmitting;

  const inProgress = signupInProgress(step, pending);
  useEffect(() => onProgressChange?.(inProgress), [inProgress, onProgressChange]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function handleBack() {
    form.clearErrors();
    signup.reset();
    setStep((current) => Math.max(0, current - 1));
  }

  async function send(values: SignupFormValues) {
    if (step < SIGNUP_LAST_STEP) {
      setStep(step + 1);
      return;
    }
    const tracking = readTracking();
    const landing = readLanding();
    const message = values.signup_message.trim();
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
      ...(recipientId && message ? { signup_message: message } : {}),
      ...(values.marketing ? { marketing: true } : {}),
    };
    try {
      await signup.mutateAsync(body);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const target = fields && firstStepWithError(fields);
      // The problem's step comes back first, so its field is there to show it.
      if (target !== null && target !== undefined) setStep(target);
      throw error;
    }
    onSuccess();
  }

  const stepKey = STEP_KEYS[step]!;
  const total = SIGNUP_LAST_STEP + 1;

  return (
    <Form id="signup-form" className="auth-form signup-form" form={form} onSubmit={send} alert={false}>
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

      {form.formError && (
        <SignupFailure
          error={signup.error}
          text={form.formError}
          email={form.getValues('email').trim()}
          onLeave={onLeave}
        />
      )}

      {step === 0 && (
        <>
          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <ChoiceGroup
                legend={t('signup.iAm')}
                name={field.name}
                options={GENDERS.map((value) => ({ value, label: t(`signup.gender.${value}`) }))}
                value={field.value}
                onChange={field.onChange}
                errorName="gender"
              />
            )}
          />
          <Controller
            control={form.control}
            name="seeking"
            render={({ field }) => (
              <ChoiceGroup
                legend={t('signup.seeking')}
                name={field.name}
                options={SEEKING.map((value) => ({ value, label: t(`signup.seekingOptions.${value}`) }))}
                value={field.value}
                onChange={field.onChange}
                errorName="sexuality"
              />
            )}
          />
        </>
      )}
      {step === 1 && <BirthDateFields minAge={settings.min_age} />}
      {step === 2 && (
        <>
          <TextField
            name="name"
            label={t('signup.name')}
            autoComplete="nickname"
            maxLength={PROFILE_NAME_MAX_LENGTH}
            hint={t('signup.nameHint')}
          />
          <CountrySelect countries={settings.countries} />
        </>
      )}
      {step === 3 && (
        <>
          <TextField
            name="email"
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            hint={t('signup.emailHint')}
          />
          <PasswordField
            name="password"
            label={t('auth.password')}
            autoComplete="new-password"
            hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          />
        </>
      )}
      {step === 4 && (
        <>
          {recipientId !== undefined && (
            <TextAreaField
              name="signup_message"
              label={t('signup.message')}
              hint={t('signup.messageHint')}
              rows={3}
              maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
            />
          )}
          <TermsField />
          <MarketingField />
        </>
      )}

      <div className="signup-form__actions">
        {step > 0 && (
          <button type="button" className="btn btn-outline-secondary btn-lg" onClick={handleBack} disabled={pending}>
            {t('signup.back')}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-lg flex-grow-1" disabled={pending}>
          {step < SIGNUP_LAST_STEP ? t('signup.next') : pending ? t('signup.submitting') : t('signup.submit')}
        </button>
      </div>
    </Form>
  );
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  /** The field the group's problem is kept under. */
  errorName: string;
}

/** Radio buttons drawn as friendly cards; arrow keys move between them as in any radio group. */
function ChoiceGroup<T extends string>({ legend, name, options, value, onChange, errorName }: ChoiceGroupProps<T>) {
  const id = useId();
  const error = useFieldError(errorName);
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

function BirthDateFields({ minAge }: { minAge: number }) {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 100 - minAge + 1 }, (_, index) => thisYear - minAge - index);
  const { register } = useFormContext<SignupFormValues>();
  const error = useFieldError('date_of_birth');
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
            className={`form-select${invalid}`}
            {...register('day')}
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
            className={`form-select${invalid}`}
            {...register('month')}
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
            className={`form-select${invalid}`}
            {...register('year')}
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

function CountrySelect({ countries }: { countries: Country[] }) {
  const { t } = useTranslation();
  const names = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  const value = useFormContext<SignupFormValues>().watch('country');
  const options = countries.map((code) => ({ value: code, label: names.of(code) ?? code }));
  return (
    <SelectField
      name="country"
      label={t('signup.country')}
      options={
        value === '' || !countries.includes(value)
          ? [{ value: '', label: t('signup.chooseCountry') }, ...options]
          : options
      }
    />
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

function TermsField() {
  const { t } = useTranslation();
  const settings = useSettings();
  const id = useId();
  const { register } = useFormContext<SignupFormValues>();
  const error = useFieldError('terms');
  return (
    <div className="form-check terms-check">
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        {...register('terms')}
        aria-invalid={error ? true : undefined}
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
function MarketingField() {
  const { t } = useTranslation();
  const id = useId();
  const { register } = useFormContext<SignupFormValues>();
  return (
    <div className="form-check terms-check">
      <input id={id} type="checkbox" className="form-check-input" {...register('marketing')} />
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
