import { useTranslation } from 'react-i18next';

/**
 * A gift's name in the reader's language (`gifts.<key>` of the member texts), else the operator's
 * name for it: a gift the operator adds later has no catalogue text until someone writes one.
 */
export function useGiftName(): (gift: { key: string; name: string }) => string {
  const { t } = useTranslation('member');
  return (gift) => t(`gifts.${gift.key}`, { defaultValue: gift.name });
}
