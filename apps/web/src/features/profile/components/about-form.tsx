import { useId, useState, type FormEvent } from 'react';
import { PROFILE_ABOUT_MAX_LENGTH } from '@app/shared';
import { useTranslation } from 'react-i18next';
import type { SectionFormProps } from './basics-form';
import { describedBy, FieldShell } from '../../../components/form/field-shell';
import { SaveBar, useSectionSave } from './fields';

/** The 'about me' text, with how much room is left. */
export function AboutForm({ profile, onSaved, submitLabel, secondary }: SectionFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [about, setAbout] = useState(profile.about);
  const { save, touch, pending, fieldErrors, saved, formError } = useSectionSave(profile, onSaved);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    save({ about: about.trim() });
  }

  const counter = t('profile.about.counter', { count: about.length, max: PROFILE_ABOUT_MAX_LENGTH });
  const nearlyFull = about.length > PROFILE_ABOUT_MAX_LENGTH * 0.9;
  return (
    <form className="profile-form" noValidate onSubmit={handleSubmit}>
      <FieldShell id={`${id}-about`} label={t('profile.about.label')} error={fieldErrors.about}>
        <textarea
          id={`${id}-about`}
          name="about"
          className={`form-control profile-form__about${fieldErrors.about ? ' is-invalid' : ''}`}
          rows={6}
          maxLength={PROFILE_ABOUT_MAX_LENGTH}
          placeholder={t('profile.about.placeholder')}
          value={about}
          aria-invalid={fieldErrors.about ? true : undefined}
          aria-describedby={[describedBy(`${id}-about`, fieldErrors.about), `${id}-counter`].filter(Boolean).join(' ')}
          onChange={(event) => {
            setAbout(event.target.value);
            touch();
          }}
        />
      </FieldShell>
      <div id={`${id}-counter`} className={`profile-form__counter${nearlyFull ? ' profile-form__counter--full' : ''}`}>
        {counter}
      </div>
      {profile.about_held && (
        <p className="profile-form__notice" role="status">
          {t('profile.aboutHeldNotice')}
        </p>
      )}
      <SaveBar pending={pending} saved={saved} formError={formError} submitLabel={submitLabel} secondary={secondary} />
    </form>
  );
}
