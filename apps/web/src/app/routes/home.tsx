import { useTranslation } from 'react-i18next';
import { CtaBand } from '../../features/landing/components/cta-band';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { TrustPoints } from '../../features/landing/components/trust-points';
import { useUser } from '../../data/user';
import { useSettings } from '../../data/settings';
import { DocumentTitle } from '../components/document-title';

/** The home page: the site's welcome, how it works, why it is safe, and the way in. */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const primary = user ? { to: '/members', label: t('actions.discover') } : { to: '/signup', label: t('nav.signup') };
  const secondary = user ? { to: '/chats', label: t('nav.messages') } : { to: '/login', label: t('nav.login') };
  return (
    <>
      <DocumentTitle />
      <Hero
        eyebrow={t('hero.eyebrow', { name: settings.name })}
        title={t('hero.title')}
        text={t('hero.text')}
        primary={primary}
        secondary={secondary}
        notes={[t('hero.notes.free'), t('hero.notes.adults', { age: settings.min_age }), t('hero.notes.privacy')]}
      />
      <HowItWorks />
      <TrustPoints siteName={settings.name} fictionalPlural={settings.fictional_plural} />
      <CtaBand primary={primary} />
    </>
  );
}
