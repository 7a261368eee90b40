import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLander } from '../../features/landing/api/get-lander';
import {
  MemberLandingError,
  MemberUnavailable,
  type MemberLandingVariant,
} from '../../features/landing/components/member-landing/shared';
import { useLandingSlug } from '../../features/landing/hooks/use-landing-slug';
import { useSettings } from '../../data/settings';
import { DocumentTitle } from '../components/document-title';
import { useCurrentRoute } from '../hooks/use-current-route';
import { memberLandingDesigns as designs } from '../landing-designs';

const VARIANTS: Record<string, MemberLandingVariant> = {
  'members-id-landing': 'landing',
  'members-id-landing2-slug': 'landing2',
  'members-id-landing3-slug': 'landing3',
};

/**
 * The landing pages about one member (/members/:id/landing, landing2, landing3): a profile
 * spotlight, a message waiting and a match, each leading to /members/:id/signup. landing2 and
 * landing3 take a slug that sets language and niche (without one they move to the canonical
 * slug); the plain landing has none and shows the current language and the site's niche. A
 * member who cannot be shown gives way to others of the pool; a failed load still leads to
 * the member's signup.
 */
export function Component() {
  const { t } = useTranslation('landing');
  const settings = useSettings();
  const id = Number(useParams().id);
  const variant = VARIANTS[useCurrentRoute()?.name ?? ''] ?? 'landing';
  const { niche } = useLandingSlug(variant === 'landing' ? null : `/members/${id}/${variant}`);
  const query = useLander(niche, id);
  designs.useChunk(variant);
  const Design = designs.loaded[variant];
  const data = query.data;
  const member = data?.member ?? null;

  let title: string | undefined;
  if (data) {
    title = member
      ? t(`memberLanding.${variant}.title`, { member: member.name, name: settings.name })
      : t('memberLanding.unavailable.title', { name: settings.name });
  }

  let page;
  if (data && !member) page = <MemberUnavailable data={data} />;
  else if (!data && query.isError) page = <MemberLandingError memberId={id} />;
  else if (Design) page = <Design memberId={id} member={member} pool={data?.members ?? []} />;
  else page = <div className="member-landing" aria-busy="true" />;

  return (
    <>
      <DocumentTitle title={title} />
      {page}
    </>
  );
}
