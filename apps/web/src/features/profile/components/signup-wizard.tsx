import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettings } from '../../../data/settings';
import type { OwnProfile } from '../api/contract';
import { useProfile } from '../api/get-profile';
import { profileSections, wizardSteps, type WizardStep } from '../rules';
import { AboutForm } from './about-form';
import { DetailsForm } from './details-form';
import { LocationForm } from './location-form';
import { PhotoManager } from './photo-manager';
import { ProfileLoadError } from './profile-load-error';
import { ProfileSkeleton } from './profile-section';
import { PushOptIn } from './push-opt-in';
import './profile.scss';

/**
 * The /complete-signup wizard (spec section 2): photo, location, personal info, about me and
 * push opt-in, each skippable, with the same components as /profile. Finishing leads to the
 * members area.
 */
export function SignupWizard({ paidUser }: { paidUser: boolean }) {
  const { t } = useTranslation();
  const query = useProfile();
  if (query.isPending) return <ProfileSkeleton label={t('profile.loading')} />;
  if (query.isError) return <ProfileLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <WizardSteps profile={query.data.profile} paidUser={paidUser} />;
}

function WizardSteps({ profile, paidUser }: { profile: OwnProfile; paidUser: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const steps = wizardSteps(profileSections(useSettings()));
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const step: WizardStep = steps[Math.min(index, steps.length - 1)]!;

  // A new step gets a new heading: move focus there so keyboard and screen reader users follow.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [index]);

  function go(next: number) {
    moved.current = true;
    if (next >= steps.length) {
      // Right after signup come the first suggestions (spec section 2, signup matches).
      void navigate('/signup-matches');
      return;
    }
    setIndex(Math.max(0, next));
  }

  const forward = () => go(index + 1);
  const back =
    index > 0 ? (
      <button type="button" className="btn btn-link wizard__back" onClick={() => go(index - 1)}>
        {t('signup.back')}
      </button>
    ) : null;
  const later = (
    <button type="button" className="btn btn-outline-secondary" onClick={forward}>
      {t('profile.wizard.later')}
    </button>
  );
  const saveLabel = t('profile.wizard.saveNext');

  let body: ReactNode;
  if (step === 'photo') {
    body = (
      <>
        <PhotoManager profile={profile} paidUser={paidUser} />
        <div className="wizard__nav">
          {profile.photos.length === 0 ? (
            later
          ) : (
            <button type="button" className="btn btn-primary" onClick={forward}>
              {t('signup.next')}
            </button>
          )}
        </div>
      </>
    );
  } else if (step === 'location') {
    body = (
      <LocationForm
        profile={profile}
        onSaved={forward}
        submitLabel={saveLabel}
        secondary={
          <>
            {back}
            {later}
          </>
        }
      />
    );
  } else if (step === 'details') {
    body = (
      <DetailsForm
        profile={profile}
        onSaved={forward}
        submitLabel={saveLabel}
        secondary={
          <>
            {back}
            {later}
          </>
        }
      />
    );
  } else if (step === 'about') {
    body = (
      <AboutForm
        profile={profile}
        onSaved={forward}
        submitLabel={saveLabel}
        secondary={
          <>
            {back}
            {later}
          </>
        }
      />
    );
  } else {
    body = (
      <>
        <PushOptIn />
        <div className="wizard__nav">
          {back}
          <button type="button" className="btn btn-primary" onClick={forward}>
            {t('profile.wizard.finish')}
          </button>
        </div>
      </>
    );
  }

  return (
    <section className="wizard profile-section" aria-labelledby="wizard-step-title">
      <p className="wizard__count">{t('signup.progress', { step: index + 1, total: steps.length })}</p>
      <ol className="wizard__progress">
        {steps.map((name, position) => (
          <li
            key={name}
            className={`wizard__dot${position < index ? ' wizard__dot--done' : ''}${position === index ? ' wizard__dot--current' : ''}`}
            aria-current={position === index ? 'step' : undefined}
          >
            <span className="wizard__label">{t(`profile.wizard.steps.${name}.short`)}</span>
          </li>
        ))}
      </ol>
      <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className="wizard__title">
        {t(`profile.wizard.steps.${step}.title`)}
      </h2>
      <p className="wizard__intro">{t(`profile.wizard.steps.${step}.intro`)}</p>
      {/* A remount per step: each form starts from the saved profile. */}
      <div key={step}>{body}</div>
    </section>
  );
}
