import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon, GlobeIcon, ReceiptIcon, SlidersIcon } from '../../components/icons';
import { Page } from '../components/page';

const SECTIONS = [
  { key: 'notifications', to: '/notifications', icon: <BellIcon size={22} /> },
  { key: 'language', to: '/lang-config', icon: <GlobeIcon size={22} /> },
  { key: 'transactions', to: '/transactions', icon: <ReceiptIcon size={22} /> },
] as const;

/** The settings hub: each area of the account in one place. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.settings.title')} intro={t('pages.settings.intro')} icon={<SlidersIcon size={28} />} narrow>
      <ul className="link-list">
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <Link to={section.to} className="link-list__item">
              <span className="link-list__icon">{section.icon}</span>
              <span>
                <strong>{t(`pages.settings.sections.${section.key}.title`)}</strong>
                <small>{t(`pages.settings.sections.${section.key}.text`)}</small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
