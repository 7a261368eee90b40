import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { CheckIcon } from '../../components/icons';
import { SignupForm } from '../../features/account/components/signup-form';
import { useSettings } from '../../data/settings';
import { DocumentTitle } from '../components/document-title';

const PERKS = ['free', 'adults', 'privacy'] as const;

/** The signup page (phones; desktops get the signup modal), also for a member's invitation. */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const { id } = useParams();
  const recipientId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  return (
    <div className="auth-page">
      <DocumentTitle title={t('pages.signup.title')} />
      <div className="auth-card">
        <Link to="/" className="auth-card__brand">
          <BrandLogo name={settings.name} />
        </Link>
        <h1 className="auth-card__title">{t('pages.signup.title')}</h1>
        <p className="auth-card__intro">{t('pages.signup.intro', { name: settings.name })}</p>
        <ul className="check-list">
          {PERKS.map((perk) => (
            <li key={perk}>
              <CheckIcon size={18} /> {t(`pages.signup.perks.${perk}`, { age: settings.min_age })}
            </li>
          ))}
        </ul>
        <div className="auth-card__form">
          <SignupForm recipientId={recipientId} onSuccess={() => void navigate('/complete-signup?from=signup')} />
        </div>
        <p className="auth-card__switch">
          {t('pages.signup.haveAccount')} <Link to="/login">{t('nav.login')}</Link>
        </p>
      </div>
    </div>
  );
}
