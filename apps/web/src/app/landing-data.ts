import type { LanderName } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { landerQueryOptions } from '../features/landing/api/get-lander';
import type { MemberLandingVariant } from '../features/landing/components/member-landing/shared';
import { landingNiche } from '../features/landing/hooks/use-landing-slug';
import { anyLanguageSettings } from '../data/settings';
import { landerDesigns, memberLandingDesigns } from './landing-designs';

/** A landing page's members (and its member's card). */
async function prefetchLander(params: Params, queryClient: QueryClient, memberId: number | null): Promise<void> {
  const { settings } = await anyLanguageSettings();
  await queryClient.prefetchQuery(landerQueryOptions(landingNiche(params.slug, settings.niche), memberId));
}

/** A lander's members and design, fetched side by side by its route's loader. */
export async function prefetchLanderPage(
  params: Params,
  queryClient: QueryClient,
  name: LanderName | 'tinderswipe',
): Promise<void> {
  await Promise.all([landerDesigns.preload(name), prefetchLander(params, queryClient, null)]);
}

/** A member landing's member, pool and design, fetched side by side by its route's loader. */
export async function prefetchMemberLandingPage(
  params: Params,
  queryClient: QueryClient,
  variant: MemberLandingVariant,
): Promise<void> {
  await Promise.all([memberLandingDesigns.preload(variant), prefetchLander(params, queryClient, Number(params.id))]);
}
