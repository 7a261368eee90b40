import { CONTENT_PAGES, DISMISSAL_KEYS, type ContentPageText } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/api';
import en from '../../../../../packages/i18n/locales/en/pages.json';
import nl from '../../../../../packages/i18n/locales/nl/pages.json';
import { pageTextQueryOptions } from '../../data/page-text';
import { queryClient } from '../../lib/query-client';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const CATALOGUES = { nl, en } as unknown as Record<'nl' | 'en', Record<string, ContentPageText>>;

describe('the content pages', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
  });

  describe.each(['nl', 'en'] as const)('in %s', (locale) => {
    it.each(CONTENT_PAGES)('shows /pages/%s with every section, the details filled in', async (name) => {
      await renderWithApp(appRoutes(queryClient), { path: `/pages/${name}`, locale });
      const page = CATALOGUES[locale][name]!;
      const main = await screen.findByRole('main');
      expect(await within(main).findByRole('heading', { level: 1 })).toHaveTextContent(
        page.title.replace('{{name}}', 'Amoria'),
      );
      const headings = within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent);
      for (const section of page.sections) {
        expect(headings).toContain(section.heading.replace(/\{\{name\}\}/g, 'Amoria'));
      }
      expect(main.textContent).not.toContain('{{');
      expect(main.textContent).toContain('support@amoria.example');
    });
  });

  it('shows the terms version date and the site, company and refund days', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/pages/terms' });
    expect(await screen.findByText('Versie van 1 maart 2024')).toBeInTheDocument();
    expect(screen.getByText(/is een dienst van Amoria B\.V\., gevestigd aan Keizersgracht 1/)).toBeInTheDocument();
    expect(screen.getByText(/binnen 14 dagen na aankoop af te zien/)).toBeInTheDocument();
  });

  it('shows a banned member the reason from the refused login on /pages/ban, and nobody else', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/pages/ban' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('alert')).toBeNull();
    sessionStorage.setItem('ban-notice', 'Je account is geblokkeerd: Oplichting');
    await renderWithApp(appRoutes(queryClient), { path: '/pages/ban' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Je account is geblokkeerd: Oplichting');
    sessionStorage.clear();
  });

  it('leads from the table of contents to each section', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/pages/privacy' });
    const contents = await screen.findByRole('navigation', { name: 'Op deze pagina' });
    const link = within(contents).getByRole('link', { name: 'Je rechten' });
    const target = document.getElementById(link.getAttribute('href')!.slice(1));
    expect(target).toHaveTextContent('Je rechten');
  });

  // Native disclosure, so keyboards open it too (proved in Chromium by e2e/content-pages.spec.ts).
  it('shows the FAQ as questions whose answers open', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/pages/faq' });
    const question = await screen.findByText('Is aanmelden gratis?');
    const details = question.closest('details')!;
    expect(question.tagName).toBe('SUMMARY');
    expect(details.open).toBe(false);
    await userEvent.click(question);
    expect(details.open).toBe(true);
  });

  describe("with the site's own text", () => {
    const own: ContentPageText = {
      title: 'Vragen aan {{name}}',
      description: 'Onze eigen veelgestelde vragen.',
      intro: 'Een eigen inleiding van {{company}}.',
      sections: [{ heading: 'Eigen kop', paragraphs: ['Mail {{email}}.'], items: [{ q: 'Eigen vraag?', a: 'Ja.' }] }],
    };
    afterEach(() => vi.unstubAllGlobals());

    it('shows it instead of the catalogue, the details filled in', async () => {
      queryClient.setQueryData(pageTextQueryOptions('faq', 'nl').queryKey, { content: own });
      await renderWithApp(appRoutes(queryClient), { path: '/pages/faq' });
      const main = await screen.findByRole('main');
      expect(await within(main).findByRole('heading', { level: 1 })).toHaveTextContent('Vragen aan Amoria');
      expect(within(main).getByText('Een eigen inleiding van Amoria B.V..')).toBeInTheDocument();
      expect(within(main).getByRole('heading', { level: 2, name: 'Eigen kop' })).toBeInTheDocument();
      expect(within(main).getByText('Mail support@amoria.example.')).toBeInTheDocument();
      expect(within(main).getByText('Eigen vraag?').tagName).toBe('SUMMARY');
      expect(main.textContent).not.toContain('Is aanmelden gratis?');
    });

    it('loads it before the page shows, so the catalogue text never flashes', async () => {
      const fetchMock = vi.fn(async () => jsonResponse(200, { content: own }));
      vi.stubGlobal('fetch', fetchMock);
      const { router } = await renderWithApp(appRoutes(queryClient), { path: '/pages/cookies' });
      queryClient.removeQueries({ queryKey: pageTextQueryOptions('privacy', 'nl').queryKey });
      await router.navigate('/pages/privacy');
      expect(await screen.findByRole('heading', { level: 1, name: 'Vragen aan Amoria' })).toBeInTheDocument();
      expect(screen.queryByText(CATALOGUES.nl.privacy!.intro)).toBeNull();
      const url = String((fetchMock.mock.calls as unknown[][]).at(-1)?.[0]);
      expect(url).toMatch(/^\/api\/page-text\.php\?page=privacy&locale=nl&forced_domain=/);
    });
  });
});
