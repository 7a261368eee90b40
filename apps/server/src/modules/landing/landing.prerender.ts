import {
  NICHE_KEYS,
  isNiche,
  parseLandingSlug,
  type Locale,
  type Niche,
  type ProfileCard,
  type RouteMatch,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { pageLocale, pageText } from '../../plugins/i18n.js';
import { catalogueModule, escapeHtml, type PrerenderedPage } from '../../plugins/web.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { LandingService } from './landing.service.js';

export interface LandingPrerenderDeps {
  settings: Pick<SettingsService, 'resolveSite'>;
  landing: Pick<LandingService, 'lander'>;
  countryForIp: (ip: string) => string | null;
}

/** Members named in a landing page's HTML. */
const LISTED_MEMBERS = 12;

const MEMBER_LANDING_VARIANTS: Record<string, string> = {
  'members-id-landing': 'landing',
  'members-id-landing2-slug': 'landing2',
  'members-id-landing3-slug': 'landing3',
};

/** The web app's design module of each member landing (apps/web/src/app/landing-designs.ts). */
const MEMBER_LANDING_DESIGNS: Record<string, string> = {
  landing: 'spotlight',
  landing2: 'message-invite',
  landing3: 'match',
};

/**
 * The web app's modules a landing page renders with, beyond the entry: the lander layout, the
 * loader's data module, the page, its design and the landing texts (the page's language and nl,
 * the fallback).
 */
export function landingModules(page: { lander: string } | { variant: string }, locale: Locale): string[] {
  const [route, design] =
    'lander' in page
      ? ['lander', `landers/${page.lander}`]
      : ['member-landing', `member-landing/${MEMBER_LANDING_DESIGNS[page.variant]}`];
  return [
    'src/app/layouts/lander-layout.tsx',
    'src/app/landing-data.ts',
    `src/app/routes/${route}.tsx`,
    `src/features/landing/components/${design}.tsx`,
    catalogueModule(locale, 'landing'),
    catalogueModule('nl', 'landing'),
  ];
}

/** A member as one escaped line: name, age and town. */
function memberLine(member: ProfileCard): string {
  const place = member.city ? `, ${escapeHtml(member.city)}` : '';
  return `${escapeHtml(member.name)}, ${member.age}${place}`;
}

/**
 * The landing pages (/landers/..., /members/{id}/landing...) as HTML: the lander's title,
 * description, headline and text in the slug's language and niche, the members it shows and
 * the way to sign up, from the same catalogue and the same cached pool as the app.
 */
export function createLandingPrerender(deps: LandingPrerenderDeps) {
  return async (request: FastifyRequest, match: RouteMatch): Promise<PrerenderedPage | null> => {
    const name = match.route.name;
    const variant = MEMBER_LANDING_VARIANTS[name];
    if (!variant && name !== 'landers-name-slug' && name !== 'landers-tinderswipe') return null;

    const { site, domain } = await deps.settings.resolveSite({ host: request.host });
    const settings = site.settings;
    const fromSlug = match.params.slug ? parseLandingSlug(match.params.slug) : null;
    const locale = fromSlug?.locale ?? pageLocale(request, settings.domain_language);
    const niche: Niche = fromSlug?.niche ?? (isNiche(settings.niche) ? settings.niche : 1);
    const memberId = variant ? Number(match.params.id) : undefined;
    const lander = await deps.landing.lander(
      { domain, settings },
      { niche, member_id: memberId },
      deps.countryForIp(request.ip),
    );

    const member = lander.member;
    const nicheKey = NICHE_KEYS[niche];
    const params = {
      name: settings.name,
      member: member?.name ?? '',
      audience: pageText(locale, 'landing', `niches.${nicheKey}.audience`) ?? '',
    };
    const base = variant
      ? `memberLanding.${member ? variant : 'unavailable'}`
      : `landers.${match.params.name ?? 'tinderswipe'}`;
    const text = (key: string) => pageText(locale, 'landing', key, params) ?? '';
    const signup = variant && member ? `/members/${member.id}/signup` : '/signup';

    const html = [
      `<main class="prerendered container"><h1>${escapeHtml(text(`${base}.headline`) || text(`${base}.title`))}</h1>`,
    ];
    html.push(`<p>${escapeHtml(variant ? text(`${base}.text`) : text(`niches.${nicheKey}.text`))}</p>`);
    if (member) html.push(`<p>${memberLine(member)}</p>`);
    const listed = lander.members.slice(0, LISTED_MEMBERS);
    if (listed.length > 0) html.push(`<ul>${listed.map((m) => `<li>${memberLine(m)}</li>`).join('')}</ul>`);
    html.push(`<p><a href="${signup}">${escapeHtml(text('cta'))}</a></p></main>`);
    const title = text(`${base}.title`);
    // Every design shows its member, or the pool's first, largest.
    const hero = member ?? lander.members[0];
    return {
      lang: locale,
      title: `${title} | ${settings.name}`,
      description: text(`${base}.description`) || settings.description,
      body: html.join(''),
      preloadImage: hero ? (hero.match ?? hero.thumb) : null,
      modules: landingModules(variant ? { variant } : { lander: match.params.name ?? 'tinderswipe' }, locale),
    };
  };
}
