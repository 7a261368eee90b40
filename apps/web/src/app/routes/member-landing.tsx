import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { useSettings } from '../../features/settings/api/get-settings';
import { DocumentTitle } from '../components/document-title';

/** The landing page of a member's invitation (/members/:id/landing, landing2, landing3). */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { id } = useParams();
  return (
    <>
      <DocumentTitle title={t('memberLanding.title')} />
      <Hero
        eyebrow={t('hero.eyebrow', { name: settings.name })}
        title={t('memberLanding.title')}
        text={t('memberLanding.text', { name: settings.name })}
        primary={{ to: `/members/${id}/signup`, label: t('nav.signup') }}
        secondary={{ to: '/login', label: t('nav.login') }}
        notes={[t('hero.notes.free'), t('hero.notes.adults', { age: settings.min_age }), t('hero.notes.privacy')]}
      />
      <HowItWorks />
    </>
  );
}
