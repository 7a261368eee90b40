import { LOCALE_ENTRIES } from '@app/i18n';
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from '../../components/dropdown-menu';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { useSettings } from '../../data/settings';
import { currentLocale } from '../../lib/i18n';
import { useChangeLocale } from '../hooks/use-change-locale';
import { languageOptions } from '../rules';

/**
 * The language dropdown (#language-menu): the languages of the member's country (the visitor's,
 * by GeoIP, when logged out), plus the current one.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const changeLocale = useChangeLocale();
  const current = currentLocale();
  const options = languageOptions(user?.profile.country ?? settings.geoip_country, current);

  const items = options.map((code) => {
    const entry = LOCALE_ENTRIES.find((locale) => locale.code === code)!;
    return {
      key: code,
      label: entry.name,
      lang: code,
      current: code === current,
      icon: (
        <CheckIcon size={16} className={code === current ? 'dropdown-item__check' : 'dropdown-item__check invisible'} />
      ),
      onSelect: () => void changeLocale(code),
    };
  });

  return (
    <DropdownMenu
      id="language-menu"
      // The name carries the code the button shows, so it can be called by what it reads (WCAG 2.5.3).
      label={`${t('language.label')}: ${current.toUpperCase()}`}
      toggleClassName="top-bar__icon-button top-bar__language"
      toggle={
        <>
          <GlobeIcon size={20} />
          <span className="top-bar__language-code">{current.toUpperCase()}</span>
          <ChevronDownIcon size={14} className="d-none d-md-inline" />
        </>
      }
      items={items}
    />
  );
}
