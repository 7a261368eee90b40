import { PROFILE_OPTIONS, type ProfileOption } from '@app/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InterestIcon } from '../../../components/interest-icon';
import { useInterests } from '../../../data/interests';
import { useSettings } from '../../../data/settings';
import type { OwnProfile, ProfileUpdateBody } from '../api/contract';
import { profileSections } from '../rules';
import type { SectionFormProps } from './basics-form';
import { describedBy, FieldShell } from '../../../components/form/field-shell';
import { GroupError, SaveBar, useSectionSave } from './fields';

type OptionValues = Pick<OwnProfile, ProfileOption>;

/** The profile options (as selects) and interests (as toggle chips) this site shows. */
export function DetailsForm({ profile, onSaved, submitLabel, secondary }: SectionFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const sections = profileSections(useSettings());
  const interests = useInterests();
  const [options, setOptions] = useState<OptionValues>(() => pickOptions(profile));
  const [chosen, setChosen] = useState<number[]>(profile.interests);
  const { save, touch, pending, fieldErrors, saved, formError } = useSectionSave(profile, onSaved);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const edited: ProfileUpdateBody = {};
    for (const key of sections.options) copyOption(edited, options, key);
    if (sections.interests) edited.interests = chosen;
    save(edited);
  }

  function toggleInterest(interestId: number) {
    setChosen((current) =>
      current.includes(interestId) ? current.filter((item) => item !== interestId) : [...current, interestId],
    );
    touch();
  }

  return (
    <form className="profile-form" noValidate onSubmit={handleSubmit}>
      {sections.options.length > 0 && (
        <div className="profile-form__grid">
          {sections.options.map((key) => {
            const fieldId = `${id}-${key}`;
            const error = fieldErrors[key];
            return (
              <FieldShell key={key} id={fieldId} label={t(`profileOptions.${key}.label`)} error={error}>
                <select
                  id={fieldId}
                  name={key}
                  className={`form-select${error ? ' is-invalid' : ''}`}
                  value={options[key] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(fieldId, error)}
                  onChange={(event) => {
                    const value = event.target.value || null;
                    setOptions((current) => ({ ...current, [key]: value }));
                    touch();
                  }}
                >
                  <option value="">{t('profile.details.notSaid')}</option>
                  {PROFILE_OPTIONS[key].map((value) => (
                    <option key={value} value={value}>
                      {t(`profileOptions.${key}.values.${value}`)}
                    </option>
                  ))}
                </select>
              </FieldShell>
            );
          })}
        </div>
      )}
      {sections.interests && (
        <fieldset
          className="profile-interests"
          aria-describedby={fieldErrors.interests ? `${id}-interests-error` : `${id}-interests-hint`}
        >
          <legend className="form-label fw-semibold">{t('profile.details.interests')}</legend>
          <p id={`${id}-interests-hint`} className="form-text mt-0">
            {t('profile.details.interestsHint', { count: chosen.length })}
          </p>
          {interests.isError && (
            <p className="profile-form__muted">
              {t('profile.details.interestsFailed')}{' '}
              <button type="button" className="profile-form__link" onClick={() => void interests.refetch()}>
                {t('profile.retry')}
              </button>
            </p>
          )}
          <div className="profile-interests__chips">
            {interests.data?.interests.map((interest) => {
              const on = chosen.includes(interest.id);
              return (
                <label
                  key={interest.id}
                  className={`profile-chip profile-chip--interest${on ? ' profile-chip--on' : ''}`}
                >
                  <input
                    type="checkbox"
                    className="profile-chip__input"
                    name="interests"
                    value={interest.id}
                    checked={on}
                    onChange={() => toggleInterest(interest.id)}
                  />
                  <InterestIcon name={interest.icon} />
                  <span>{t(`interests.${interest.key}`, { defaultValue: interest.key })}</span>
                </label>
              );
            })}
          </div>
          <GroupError id={`${id}-interests-error`} error={fieldErrors.interests} />
        </fieldset>
      )}
      <SaveBar pending={pending} saved={saved} formError={formError} submitLabel={submitLabel} secondary={secondary} />
    </form>
  );
}

function copyOption<K extends ProfileOption>(body: ProfileUpdateBody, options: OptionValues, key: K): void {
  (body as OptionValues)[key] = options[key];
}

function pickOptions(profile: OwnProfile): OptionValues {
  const { hair_color, eye_color, body_type, relationship_status, tattoos, reason } = profile;
  return { hair_color, eye_color, body_type, relationship_status, tattoos, reason };
}
