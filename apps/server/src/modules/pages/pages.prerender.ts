import { localeEntry } from '@app/i18n';
import {
  contentPageValues,
  fillContentPage,
  termsVersionDate,
  type ContentPage,
  type Locale,
  type RouteMatch,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { pageLocale, pageText } from '../../plugins/i18n.js';
import { catalogueModule, escapeHtml, type PrerenderedPage } from '../../plugins/web.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { localizeSettings } from '../settings/settings.presenter.js';
import type { SettingsService } from '../settings/settings.service.js';
import { catalogueContentPage } from './pages.catalogue.js';
import type { PagesService } from './pages.service.js';

export interface PagesPrerenderDeps {
  settings: Pick<SettingsService, 'resolveSite'>;
  reference: Pick<ReferenceService, 'companyInfo'>;
  pages: Pick<PagesService, 'pageText'>;
}

/**
 * The content pages (/pages/terms, privacy, ...) as HTML, from the site's own text of the page
 * when the operator wrote one, else the same `pages` catalogue, and the same placeholder values
 * the web app renders them with: headings, paragraphs and questions, the terms' version date,
 * and the support address.
 */
export function createPagesPrerender(deps: PagesPrerenderDeps) {
  return async (request: FastifyRequest, match: RouteMatch): Promise<PrerenderedPage | null> => {
    if (match.route.name !== 'pages-name') return null;
    const name = match.params.name as ContentPage;
    const { site, domain } = await deps.settings.resolveSite({ host: request.host });
    const { body: company } = await deps.reference.companyInfo({ host: request.host });
    const locale: Locale = pageLocale(request, site.settings.domain_language);
    const settings = localizeSettings(site.settings, locale);
    const values = contentPageValues({ ...settings, domain }, company.companyinfo);
    const own = await deps.pages.pageText({ domain: site.domain, locale, page: name });
    const page = fillContentPage(own ?? catalogueContentPage(locale, name), values);

    const html: string[] = [`<main class="prerendered container"><h1>${escapeHtml(page.title)}</h1>`];
    html.push(`<p>${escapeHtml(page.intro)}</p>`);
    if (name === 'terms') {
      const date = new Intl.DateTimeFormat(localeEntry(locale).iso, { dateStyle: 'long' }).format(
        termsVersionDate(company.companyinfo.added),
      );
      html.push(`<p>${escapeHtml(pageText(locale, 'pages', 'version', { date }) ?? date)}</p>`);
    }
    for (const section of page.sections) {
      html.push(`<h2>${escapeHtml(section.heading)}</h2>`);
      for (const paragraph of section.paragraphs ?? []) html.push(`<p>${escapeHtml(paragraph)}</p>`);
      for (const item of section.items ?? []) html.push(`<h3>${escapeHtml(item.q)}</h3><p>${escapeHtml(item.a)}</p>`);
    }
    const email = escapeHtml(settings.support_email);
    html.push(`<p><a href="mailto:${email}">${email}</a></p></main>`);
    return {
      lang: locale,
      title: `${page.title} | ${settings.name}`,
      description: page.description || page.intro,
      body: html.join(''),
      modules: ['src/app/routes/content-page.tsx', catalogueModule(locale, 'pages'), catalogueModule('nl', 'pages')],
    };
  };
}
