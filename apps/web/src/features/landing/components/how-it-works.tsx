import { useTranslation } from 'react-i18next';
import { CompassIcon, MessageIcon, UserPlusIcon } from '../../../components/icons';

const STEPS = [
  { key: 'profile', icon: <UserPlusIcon size={26} /> },
  { key: 'discover', icon: <CompassIcon size={26} /> },
  { key: 'chat', icon: <MessageIcon size={26} /> },
] as const;

/** Three steps from signing up to talking to someone. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="landing-section" aria-labelledby="how-it-works-title">
      <div className="container">
        <h2 id="how-it-works-title" className="landing-section__title">
          {t('howItWorks.title')}
        </h2>
        <p className="landing-section__lead">{t('howItWorks.lead')}</p>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.key} className="steps__item">
              <span className="steps__icon">
                {step.icon}
                <span className="steps__number">{index + 1}</span>
              </span>
              <h3 className="steps__title">{t(`howItWorks.${step.key}.title`)}</h3>
              <p className="steps__text">{t(`howItWorks.${step.key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
