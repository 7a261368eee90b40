import { PROFILE_ABOUT_MAX_LENGTH } from '@app/shared';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/form';
import type { OwnProfile } from '../api/contract';
import { ProfileForm, type ProfileValues } from './profile-form';
import type { WizardStepProps } from './location-form';

/** The 'about me' text, with how much room is left: fields of the profile form around them. */
export function AboutFields({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const id = useId();
  const about = useFormContext<ProfileValues>().watch('about');
  const counter = t('profile.about.counter', { count: about.length, max: PROFILE_ABOUT_MAX_LENGTH });
  const nearlyFull = about.length > PROFILE_ABOUT_MAX_LENGTH * 0.9;
  return (
    <>
      <TextAreaField
        name="about"
        label={t('profile.about.label')}
        controlClassName="profile-form__about"
        rows={6}
        maxLength={PROFILE_ABOUT_MAX_LENGTH}
        placeholder={t('profile.about.placeholder')}
        describedByExtra={`${id}-counter`}
      />
      <div id={`${id}-counter`} className={`profile-form__counter${nearlyFull ? ' profile-form__counter--full' : ''}`}>
        {counter}
      </div>
      {profile.about_held && (
        <p className="profile-form__notice" role="status">
          {t('profile.aboutHeldNotice')}
        </p>
      )}
    </>
  );
}

/** The wizard's 'about me' step: the text on its own, saved by the step's button. */
export function AboutForm(props: WizardStepProps) {
  return (
    <ProfileForm {...props} parts={['about']}>
      <AboutFields profile={props.profile} />
    </ProfileForm>
  );
}
