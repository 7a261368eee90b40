import { useTranslation } from 'react-i18next';

/** The first stop for keyboard users: straight to the page's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('nav.skip')}
    </a>
  );
}
