import { LOCALE_ENTRIES } from '@app/i18n';
import { useTranslation } from 'react-i18next';
import { CheckIcon, GlobeIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { useSettings } from '../../data/settings';
import { currentLocale } from '../../lib/i18n';
import { Page } from '../components/page';
import { useChangeLocale } from '../hooks/use-change-locale';
import { languageOptions } from '../rules';

/** Language settings: the same choice as the dropdown, as a page. */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const changeLocale = useChangeLocale();
  const current = currentLocale();
  return (
    <Page
      title={t('pages.langConfig.title')}
      intro={t('pages.langConfig.intro', { name: settings.name })}
      icon={<GlobeIcon size={28} />}
      narrow
    >
      <ul className="link-list" aria-label={t('language.label')}>
        {languageOptions(user?.profile.country ?? settings.geoip_country, current).map((code) => (
          <li key={code}>
            <button
              type="button"
              className="link-list__item"
              lang={code}
              aria-pressed={code === current}
              onClick={() => void changeLocale(code)}
            >
              <span>{LOCALE_ENTRIES.find((entry) => entry.code === code)!.name}</span>
              {code === current && <CheckIcon size={20} className="ms-auto text-primary" />}
            </button>
          </li>
        ))}
      </ul>
    </Page>
  );
}
