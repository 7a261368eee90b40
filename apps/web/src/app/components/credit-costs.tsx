import { useTranslation } from 'react-i18next';
import { CameraIcon, GemIcon, MessageIcon } from '../../components/icons';
import { useSettings } from '../../data/settings';

/** What a message, a photo and a gift cost in credits, from the site's settings. */
export function CreditCosts() {
  const { t } = useTranslation();
  const settings = useSettings();
  const costs = [
    { key: 'message', icon: <MessageIcon size={22} />, credits: settings.message_credits },
    { key: 'photo', icon: <CameraIcon size={22} />, credits: settings.photo_credits },
    { key: 'gift', icon: <GemIcon size={22} />, credits: settings.gift_credits },
  ];
  return (
    <ul className="cost-list">
      {costs.map((cost) => (
        <li key={cost.key} className="cost-list__item">
          <span className="cost-list__icon">{cost.icon}</span>
          <span className="cost-list__label">{t(`costs.${cost.key}`)}</span>
          <span className="cost-list__value">{t('costs.credits', { count: cost.credits })}</span>
        </li>
      ))}
    </ul>
  );
}
