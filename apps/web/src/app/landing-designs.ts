import type { LanderName } from '@app/shared';
import type { LanderProps } from '../features/landing/components/landers/shared';
import type {
  MemberLandingDesignProps,
  MemberLandingVariant,
} from '../features/landing/components/member-landing/shared';
import { chunkedDesigns } from './hooks/use-chunks';

/**
 * The landers' and member landings' designs, each a chunk of its own, so a visitor downloads
 * only the design they landed on. Kept apart from the pages so a route's loader can fetch the
 * design beside the page's chunk instead of after it.
 */
export const landerDesigns = chunkedDesigns<LanderName | 'tinderswipe', LanderProps>({
  alonetonight: () => import('../features/landing/components/landers/alonetonight'),
  collagelanding: () => import('../features/landing/components/landers/collagelanding'),
  gallery: () => import('../features/landing/components/landers/gallery'),
  iconslanding: () => import('../features/landing/components/landers/iconslanding'),
  maplanding: () => import('../features/landing/components/landers/maplanding'),
  socialnetwork: () => import('../features/landing/components/landers/socialnetwork'),
  transitionsvideolanding: () => import('../features/landing/components/landers/transitionsvideolanding'),
  video: () => import('../features/landing/components/landers/video'),
  tinderswipe: () => import('../features/landing/components/landers/tinderswipe'),
});

export const memberLandingDesigns = chunkedDesigns<MemberLandingVariant, MemberLandingDesignProps>({
  landing: () => import('../features/landing/components/member-landing/spotlight'),
  landing2: () => import('../features/landing/components/member-landing/message-invite'),
  landing3: () => import('../features/landing/components/member-landing/match'),
});
