import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons';

/** An error under a group of controls (a fieldset), referenced by the fieldset's aria-describedby. */
export function GroupError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {error}
    </div>
  );
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** Radio buttons drawn as chips; arrow keys move between them as in any radio group. */
export function ChoiceGroup<T extends string>({ legend, name, options, value, onChange }: ChoiceGroupProps<T>) {
  return (
    <fieldset className="profile-choices">
      <legend className="form-label fw-semibold">{legend}</legend>
      <div className="profile-choices__options">
        {options.map((option) => (
          <label key={option.value} className={`profile-chip${value === option.value ? ' profile-chip--on' : ''}`}>
            <input
              type="radio"
              className="profile-chip__input"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface SaveBarProps {
  pending: boolean;
  saved: boolean;
  formError: string | null;
  submitLabel?: string | undefined;
  /** Buttons before the submit button, e.g. the wizard's 'Later'. */
  secondary?: ReactNode;
}

/** A profile form's save button with its status, announced politely, and a failure above it. */
export function SaveBar({ pending, saved, formError, submitLabel, secondary }: SaveBarProps) {
  const { t } = useTranslation();
  const statusId = useId();
  return (
    <>
      {formError && (
        <div className="alert alert-danger mb-0" role="alert">
          {formError}
        </div>
      )}
      <div className="profile-form__actions">
        <span id={statusId} role="status" className="profile-form__status">
          {pending ? (
            t('profile.saving')
          ) : saved ? (
            <>
              <CheckIcon size={16} /> {t('profile.saved')}
            </>
          ) : null}
        </span>
        {secondary}
        <button type="submit" className="btn btn-primary" disabled={pending} aria-describedby={statusId}>
          {submitLabel ?? t('profile.save')}
        </button>
      </div>
    </>
  );
}
