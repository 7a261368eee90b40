import { NICHE_KEYS, type LanderName, type LanderResponse, type Niche, type ProfileCard } from '@app/shared';
import { useTranslation } from 'react-i18next';

/** What every lander gets: its niche, the pool, and whether that is still loading or failed. */
export interface LanderProps {
  niche: Niche;
  data: LanderResponse | undefined;
  loading: boolean;
  error: boolean;
}

/** A lander's texts: its own hook and the niche's promise. */
export function useLanderTexts(name: LanderName | 'tinderswipe', niche: Niche) {
  const { t } = useTranslation('landing');
  const nicheKey = NICHE_KEYS[niche];
  return {
    headline: t(`landers.${name}.headline`),
    text: t(`landers.${name}.text`),
    promise: t(`niches.${nicheKey}.text`),
    audience: t(`niches.${nicheKey}.audience`),
  };
}

export const members = (data: LanderResponse | undefined): ProfileCard[] => data?.members ?? [];
