import { localeEntry } from '@app/i18n';
import { contentPageValues, termsVersionDate, type ContentPage, type Locale, type RouteMatch } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { catalogueAt, pageCatalogue, pageLocale, pageText, type CatalogueNode } from '../../plugins/i18n.js';
import { escapeHtml, type PrerenderedPage } from '../../plugins/web.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { SettingsService } from '../settings/settings.service.js';

export interface PagesPrerenderDeps {
  settings: Pick<SettingsService, 'resolveSite'>;
  reference: Pick<ReferenceService, 'companyInfo'>;
}

/** A list of strings from a catalogue node; anything else is empty. */
function strings(node: CatalogueNode | undefined): string[] {
  return Array.isArray(node) ? node.filter((n): n is string => typeof n === 'string') : [];
}

/** The object fields of a catalogue node's list entries. */
function entries(node: CatalogueNode | undefined): Array<Record<string, CatalogueNode>> {
  return Array.isArray(node)
    ? node.filter((n): n is Record<string, CatalogueNode> => typeof n === 'object' && !Array.isArray(n))
    : [];
}

/**
 * The content pages (/pages/terms, privacy, ...) as HTML, from the same `pages` catalogue and
 * placeholder values the web app renders them with: headings, paragraphs and questions, the
 * terms' version date, and the support address.
 */
export function createPagesPrerender(deps: PagesPrerenderDeps) {
  return async (request: FastifyRequest, match: RouteMatch): Promise<PrerenderedPage | null> => {
    if (match.route.name !== 'pages-name') return null;
    const name = match.params.name as ContentPage;
    const { site, domain } = await deps.settings.resolveSite({ host: request.host });
    const { body: company } = await deps.reference.companyInfo({ host: request.host });
    const settings = site.settings;
    const locale: Locale = pageLocale(request, settings.domain_language);
    const values = contentPageValues({ ...settings, domain }, company.companyinfo);
    const fill = (text: string) =>
      escapeHtml(text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, key: string) => (key in values ? String(values[key]) : m)));
    const page = catalogueAt(pageCatalogue(locale, 'pages'), name) ?? catalogueAt(pageCatalogue('nl', 'pages'), name);
    const field = (key: string) => pageText(locale, 'pages', `${name}.${key}`, values) ?? '';

    const html: string[] = [`<main class="prerendered container"><h1>${escapeHtml(field('title'))}</h1>`];
    html.push(`<p>${escapeHtml(field('intro'))}</p>`);
    if (name === 'terms') {
      const date = new Intl.DateTimeFormat(localeEntry(locale).iso, { dateStyle: 'long' }).format(
        termsVersionDate(company.companyinfo.added),
      );
      html.push(`<p>${escapeHtml(pageText(locale, 'pages', 'version', { date }) ?? date)}</p>`);
    }
    const sections = page && typeof page === 'object' && !Array.isArray(page) ? entries(page.sections) : [];
    for (const section of sections) {
      if (typeof section.heading === 'string') html.push(`<h2>${fill(section.heading)}</h2>`);
      for (const paragraph of strings(section.paragraphs)) html.push(`<p>${fill(paragraph)}</p>`);
      for (const item of entries(section.items)) {
        if (typeof item.q === 'string') html.push(`<h3>${fill(item.q)}</h3>`);
        if (typeof item.a === 'string') html.push(`<p>${fill(item.a)}</p>`);
      }
    }
    const email = escapeHtml(settings.support_email);
    html.push(`<p><a href="mailto:${email}">${email}</a></p></main>`);
    return {
      lang: locale,
      title: `${field('title')} | ${settings.name}`,
      description: field('description') || field('intro'),
      body: html.join(''),
    };
  };
}
