import { PROFILE_OPTIONS } from '@app/shared';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, useFieldError } from '../../../components/form';
import { InterestIcon } from '../../../components/interest-icon';
import { useInterests } from '../../../data/interests';
import { useSettings } from '../../../data/settings';
import { profileSections } from '../rules';
import { GroupError } from './fields';
import type { WizardStepProps } from './location-form';
import { ProfileForm, type ProfileValues } from './profile-form';

/** The profile options (as selects) and interests (as toggle chips) this site shows: fields of the profile form. */
export function DetailsFields() {
  const { t } = useTranslation();
  const id = useId();
  const sections = profileSections(useSettings());
  const interests = useInterests();
  const { control } = useFormContext<ProfileValues>();
  const interestsError = useFieldError('interests');

  return (
    <>
      {sections.options.length > 0 && (
        <div className="profile-form__grid">
          {sections.options.map((key) => (
            <SelectField
              key={key}
              name={key}
              label={t(`profileOptions.${key}.label`)}
              options={[
                { value: '', label: t('profile.details.notSaid') },
                ...PROFILE_OPTIONS[key].map((value) => ({
                  value,
                  label: t(`profileOptions.${key}.values.${value}`),
                })),
              ]}
            />
          ))}
        </div>
      )}
      {sections.interests && (
        <Controller
          control={control}
          name="interests"
          render={({ field }) => (
            <fieldset
              className="profile-interests"
              aria-describedby={interestsError ? `${id}-interests-error` : `${id}-interests-hint`}
            >
              <legend className="form-label fw-semibold">{t('profile.details.interests')}</legend>
              <p id={`${id}-interests-hint`} className="form-text mt-0">
                {t('profile.details.interestsHint', { count: field.value.length })}
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
                  const on = field.value.includes(interest.id);
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
                        onChange={() =>
                          field.onChange(
                            on ? field.value.filter((item) => item !== interest.id) : [...field.value, interest.id],
                          )
                        }
                      />
                      <InterestIcon name={interest.icon} />
                      <span>{t(`interests.${interest.key}`, { defaultValue: interest.key })}</span>
                    </label>
                  );
                })}
              </div>
              <GroupError id={`${id}-interests-error`} error={interestsError} />
            </fieldset>
          )}
        />
      )}
    </>
  );
}

/** The wizard's details step: options and interests, saved by the step's button. */
export function DetailsForm(props: WizardStepProps) {
  return (
    <ProfileForm {...props} parts={['details']}>
      <DetailsFields />
    </ProfileForm>
  );
}
