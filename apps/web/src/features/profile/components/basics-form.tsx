import { PROFILE_NAME_MAX_LENGTH, type Gender, type Seeking } from '@app/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { useSettings } from '../../../data/settings';
import { latestBirthDate } from '../rules';
import { ChoiceGroup } from './fields';
import type { ProfileValues } from './profile-form';

/** Name, gender, whom the member seeks and birth date: fields of the profile form around them. */
export function BasicsFields() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { control } = useFormContext<ProfileValues>();
  return (
    <>
      <TextField
        name="name"
        label={t('signup.name')}
        hint={t('signup.nameHint')}
        maxLength={PROFILE_NAME_MAX_LENGTH}
        autoComplete="nickname"
        required
      />
      <div className="profile-form__pair">
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <ChoiceGroup<Gender>
              legend={t('signup.iAm')}
              name={field.name}
              value={field.value}
              options={[
                { value: 'female', label: t('signup.gender.female') },
                { value: 'male', label: t('signup.gender.male') },
              ]}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="seeking"
          render={({ field }) => (
            <ChoiceGroup<Seeking>
              legend={t('signup.seeking')}
              name={field.name}
              value={field.value}
              options={[
                { value: 'men', label: t('signup.seekingOptions.men') },
                { value: 'women', label: t('signup.seekingOptions.women') },
                { value: 'both', label: t('signup.seekingOptions.both') },
              ]}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      <TextField
        name="birth_date"
        type="date"
        label={t('signup.dateOfBirth')}
        hint={t('profile.basics.birthHint')}
        className="profile-form__narrow"
        max={latestBirthDate(new Date(), settings.min_age)}
        min="1900-01-01"
        required
      />
    </>
  );
}
