import { PROFILE_NAME_MAX_LENGTH, seekingFor, sexualityFor, type Seeking } from '@app/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../data/settings';
import type { OwnProfile } from '../api/contract';
import { latestBirthDate } from '../rules';
import { describedBy, FieldShell } from '../../../components/form/field-shell';
import { ChoiceGroup, SaveBar, useSectionSave } from './fields';

export interface SectionFormProps {
  profile: OwnProfile;
  /** Called once the section is saved (the wizard moves on). */
  onSaved?: () => void;
  submitLabel?: string;
  secondary?: ReactNode;
}

/** Name, gender, whom the member seeks and birth date. */
export function BasicsForm({ profile, onSaved, submitLabel, secondary }: SectionFormProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const id = useId();
  const [name, setName] = useState(profile.name);
  const [gender, setGender] = useState(profile.gender);
  const [seeking, setSeeking] = useState<Seeking>(seekingFor(profile.gender, profile.sexuality));
  const [birthDate, setBirthDate] = useState(profile.birth_date);
  const { save, touch, pending, fieldErrors, saved, formError } = useSectionSave(profile, onSaved);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const errors: Record<string, string> = {};
    if (!trimmed) errors.name = t('auth.errors.nameRequired');
    else if (trimmed.startsWith('@')) errors.name = t('auth.errors.nameStartsWithAt');
    if (!birthDate) errors.birth_date = t('auth.errors.dateOfBirthRequired');
    save({ name: trimmed, gender, sexuality: sexualityFor(gender, seeking), birth_date: birthDate }, errors);
  }

  const nameHint = t('signup.nameHint');
  return (
    <form className="profile-form" noValidate onSubmit={handleSubmit}>
      <FieldShell id={`${id}-name`} label={t('signup.name')} error={fieldErrors.name} hint={nameHint}>
        <input
          id={`${id}-name`}
          name="name"
          className={`form-control${fieldErrors.name ? ' is-invalid' : ''}`}
          value={name}
          maxLength={PROFILE_NAME_MAX_LENGTH}
          autoComplete="nickname"
          aria-invalid={fieldErrors.name ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, fieldErrors.name, nameHint)}
          onChange={(event) => {
            setName(event.target.value);
            touch();
          }}
        />
      </FieldShell>
      <div className="profile-form__pair">
        <ChoiceGroup
          legend={t('signup.iAm')}
          name="gender"
          value={gender}
          options={[
            { value: 'female', label: t('signup.gender.female') },
            { value: 'male', label: t('signup.gender.male') },
          ]}
          onChange={(value) => {
            setGender(value);
            touch();
          }}
        />
        <ChoiceGroup<Seeking>
          legend={t('signup.seeking')}
          name="seeking"
          value={seeking}
          options={[
            { value: 'men', label: t('signup.seekingOptions.men') },
            { value: 'women', label: t('signup.seekingOptions.women') },
            { value: 'both', label: t('signup.seekingOptions.both') },
          ]}
          onChange={(value) => {
            setSeeking(value);
            touch();
          }}
        />
      </div>
      <FieldShell
        id={`${id}-birth`}
        label={t('signup.dateOfBirth')}
        error={fieldErrors.birth_date}
        hint={t('profile.basics.birthHint')}
        className="profile-form__narrow"
      >
        <input
          id={`${id}-birth`}
          name="birth_date"
          type="date"
          className={`form-control${fieldErrors.birth_date ? ' is-invalid' : ''}`}
          value={birthDate}
          max={latestBirthDate(new Date(), settings.min_age)}
          min="1900-01-01"
          aria-invalid={fieldErrors.birth_date ? true : undefined}
          aria-describedby={describedBy(`${id}-birth`, fieldErrors.birth_date, t('profile.basics.birthHint'))}
          onChange={(event) => {
            setBirthDate(event.target.value);
            touch();
          }}
        />
      </FieldShell>
      <SaveBar pending={pending} saved={saved} formError={formError} submitLabel={submitLabel} secondary={secondary} />
    </form>
  );
}
