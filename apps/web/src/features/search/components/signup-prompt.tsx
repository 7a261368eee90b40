import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon } from '../../../components/icons';

/**
 * What a visitor sees instead of results when the site lets only members search. The link
 * opens the signup modal on desktop (the layout's signup slot) and the signup page on phones.
 */
export function SignupPrompt() {
  const { t } = useTranslation();
  return (
    <section className="search-signup" aria-labelledby="search-signup-title">
      <span className="search-signup__icon" aria-hidden="true">
        <HeartIcon size={28} />
      </span>
      <h2 className="search-signup__title" id="search-signup-title">
        {t('search.signupTitle')}
      </h2>
      <p className="search-signup__text">{t('search.signupText')}</p>
      <Link to="/signup" className="btn btn-primary btn-lg">
        {t('search.signupCta')}
      </Link>
      <p className="search-signup__login">
        {t('search.haveAccount')} <Link to="/login">{t('search.login')}</Link>
      </p>
    </section>
  );
}
