import { useTranslation } from 'react-i18next';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { TrustPoints } from '../../features/landing/components/trust-points';
import { useSettings } from '../../features/settings/api/get-settings';
import { DocumentTitle } from '../components/document-title';

/** The campaign landing pages (/landers/:name/:slug?, /landers/tinderswipe). */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <>
      <DocumentTitle />
      <Hero
        eyebrow={t('hero.eyebrow', { name: settings.name })}
        title={t('lander.title')}
        text={t('lander.text', { name: settings.name })}
        primary={{ to: '/signup', label: t('nav.signup') }}
        secondary={{ to: '/login', label: t('nav.login') }}
        notes={[t('hero.notes.free'), t('hero.notes.adults', { age: settings.min_age }), t('hero.notes.privacy')]}
      />
      <HowItWorks />
      <TrustPoints siteName={settings.name} fictionalPlural={settings.fictional_plural} />
    </>
  );
}
