import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import type { OwnProfile, ProfileUpdateBody } from '../api/contract';
import { useUpdateProfile } from '../api/update-profile';
import { changedFields } from '../rules';

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

/**
 * Saving one section of the profile: sends only what changed, keeps the server's translated
 * field messages for the fields, and says when it is saved.
 */
export function useSectionSave(profile: OwnProfile, onSaved?: () => void) {
  const update = useUpdateProfile();
  const errorText = useErrorText();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  function save(edited: ProfileUpdateBody, clientErrors: Record<string, string> = {}) {
    setSaved(false);
    setFieldErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;
    const body = changedFields(profile, edited);
    if (Object.keys(body).length === 0) {
      setSaved(true);
      onSaved?.();
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        onSaved?.();
      },
      onError: (error) => setFieldErrors(error instanceof ApiError ? error.fields : {}),
    });
  }

  /** An edit after saving takes the 'saved' note away: the form differs from the profile again. */
  function touch() {
    setSaved(false);
  }

  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const formError = update.isError && !hasFieldErrors ? errorText(update.error) : null;
  return { save, touch, pending: update.isPending, fieldErrors, saved, formError };
}

interface SaveBarProps {
  pending: boolean;
  saved: boolean;
  formError: string | null;
  submitLabel?: string | undefined;
  /** Buttons before the submit button, e.g. the wizard's 'Later'. */
  secondary?: ReactNode;
}

/** A section's save button with its status, announced politely, and a failure above it. */
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
