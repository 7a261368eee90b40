import { DISMISSAL_KEYS } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_FIELDS_SETTINGS,
  buildCard,
  buildMember,
  buildPhoto,
  commands,
  INTERESTS,
  jsonResponse,
  serve,
} from '../../features/members/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const WARNING = 'Dit profiel is fictief en wordt beheerd door ons team.';

describe('the member profile page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  // The page's chunk compiles on first import; warm it so no test waits on it past its timeout.
  beforeAll(async () => {
    await import('./member-profile');
  });

  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['blocks'] });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the verified badge beside the name of a verified member only', async () => {
    serve(fetchMock, {
      'GET /api/member.php': (_, url) =>
        jsonResponse(200, {
          member: buildMember({
            id: Number(url.searchParams.get('id')),
            verified: url.searchParams.get('id') === '12',
          }),
        }),
      'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
    });
    const { router } = await renderWithApp(appRoutes(queryClient), {
      path: '/members/12',
      user: buildUser(),
      settings: ALL_FIELDS_SETTINGS,
    });
    await screen.findByRole('heading', { level: 1 });
    const head = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(head).getByRole('img', { name: 'Geverifieerd' })).toBeInTheDocument();
    await router.navigate('/members/13');
    await waitFor(() =>
      expect(
        within(screen.getByRole('heading', { level: 1 }).parentElement!).queryByRole('img', { name: 'Geverifieerd' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows who, how old, where, the about text, the details and the interests', async () => {
    serve(fetchMock, {
      'GET /api/member.php': (_, url) =>
        jsonResponse(200, { member: buildMember({ id: Number(url.searchParams.get('id')) }) }),
      'GET /api/interests.php': () => jsonResponse(200, INTERESTS),
    });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members/12',
      user: buildUser(),
      settings: ALL_FIELDS_SETTINGS,
    });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Eva, 34');
    expect(screen.getByText('Haarlem')).toBeInTheDocument();
    expect(screen.getByText('Nu online')).toBeInTheDocument();
    expect(screen.getByText('Dol op zeilen en lange zondagen.')).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Haarkleur').nextSibling).toHaveTextContent('Rood');
    expect(within(details).getByText('Oogkleur').nextSibling).toHaveTextContent('Groen');
    expect(within(details).getByText('Waarvoor ben je hier?').nextSibling).toHaveTextContent('Een relatie');
    expect(within(details).queryByText('Postuur')).not.toBeInTheDocument();

    const interests = await screen.findByRole('region', { name: 'Interesses' });
    expect(within(interests).getByText('Avontuur')).toBeInTheDocument();
    expect(within(interests).getByText('Reizen')).toBeInTheDocument();
    expect(within(interests).queryByText('Muziek')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: /Stuur een bericht/ })).toHaveAttribute('href', '/members/12/chat');
    expect(screen.queryByRole('region', { name: 'Vergelijkbare profielen' })).not.toBeInTheDocument();
  });

  it('hides what the site does not show', async () => {
    serve(fetchMock, { 'GET /api/member.php': () => jsonResponse(200, { member: buildMember() }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/members/12',
      user: buildUser(),
      settings: { visible_profile_fields: ['eye_color'], visible_profile_notes: false },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Dol op zeilen en lange zondagen.')).not.toBeInTheDocument();
    expect(screen.queryByText('Haarkleur')).not.toBeInTheDocument();
    expect(screen.getByText('Oogkleur')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Interesses' })).not.toBeInTheDocument();
  });

  it('steps through the photos with buttons and arrow keys, and opens them in a lightbox', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () =>
        jsonResponse(200, {
          member: buildMember({ photos: [buildPhoto(120, 0), buildPhoto(121, 1), buildPhoto(122, 2)] }),
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser() });
    const gallery = await screen.findByRole('region', { name: "Foto's" });
    expect(within(gallery).getByRole('img', { name: 'Foto 1 van Eva' })).toHaveAttribute(
      'src',
      '/media/photos/120.webp',
    );

    await userEvent.click(within(gallery).getByRole('button', { name: 'Volgende foto' }));
    expect(within(gallery).getByRole('img', { name: 'Foto 2 van Eva' })).toHaveAttribute(
      'src',
      '/media/photos/121.webp',
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('img', { name: 'Foto 3 van Eva' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('img', { name: 'Foto 1 van Eva' })).toBeInTheDocument();
    await userEvent.click(within(gallery).getByRole('button', { name: 'Toon foto 3 van 3' }));
    expect(within(gallery).getByRole('button', { name: 'Toon foto 3 van 3' })).toHaveAttribute('aria-current', 'true');

    const opener = within(gallery).getByRole('button', { name: 'Foto 3 van 3 vergroten' });
    await userEvent.click(opener);
    const lightbox = await screen.findByRole('dialog', { name: /Foto's van Eva/ });
    expect(within(lightbox).getByRole('img', { name: 'Foto 3 van Eva' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(lightbox).getByRole('img', { name: 'Foto 2 van Eva' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(gallery).getByRole('button', { name: 'Foto 2 van 3 vergroten' })).toHaveFocus());
  });

  it('shows locked photos as blurred tiles, never as images, and offers premium after the name and actions', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () =>
        jsonResponse(200, { member: buildMember({ photos: [buildPhoto(120, 0)], locked_photos: 4 }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser() });
    const gallery = await screen.findByRole('region', { name: "Foto's" });
    const sources = [...gallery.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/media/photos/120.webp']);
    expect(gallery.querySelectorAll('.member-gallery__thumb--locked')).toHaveLength(3);
    expect(within(gallery).getByText('+2')).toBeInTheDocument();
    const premium = screen.getByRole('link', { name: 'Word Premium' });
    expect(premium).toHaveAttribute('href', '/premium');
    expect(screen.getByText("Bekijk alle foto's met Premium")).toBeInTheDocument();
    const message = screen.getByRole('link', { name: 'Stuur een bericht' });
    expect(message.compareDocumentPosition(premium) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers a visitor signup for the locked photos, not premium', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () =>
        jsonResponse(200, { member: buildMember({ photos: [buildPhoto(120, 0)], locked_photos: 4 }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: null });
    expect(await screen.findByText("Bekijk alle foto's van Eva")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/members/12/signup');
    expect(screen.queryByRole('link', { name: 'Word Premium' })).not.toBeInTheDocument();
  });

  it('marks a fictional profile and shows the warning', async () => {
    serve(fetchMock, { 'GET /api/member.php': () => jsonResponse(200, { member: buildMember({ fictional: true }) }) });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser() });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(within(heading).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: WARNING })).toHaveAttribute('title', WARNING);
    expect(screen.getByText(WARNING)).toBeVisible();
  });

  it('blocks after a confirmation, keeps the page with Unblock, and unblocks', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(200, { member: buildMember() }),
      'POST /api/block.php': () => jsonResponse(200, { blocked: true }),
      'DELETE /api/block.php': () => jsonResponse(200, { blocked: false }),
      'GET /api/blocks.php': () => jsonResponse(200, { members: [] }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));

    const dialog = await screen.findByRole('dialog', { name: 'Eva blokkeren?' });
    expect(within(dialog).getByText('kunnen jullie elkaar geen berichten meer sturen;')).toBeInTheDocument();
    expect(commands(fetchMock)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ja, blokkeren' }));

    expect(await screen.findByText('Je hebt Eva geblokkeerd')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(commands(fetchMock)).toEqual([{ path: '/api/block.php', method: 'POST', body: { id: 12 } }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Eva, 34');
    expect(screen.queryByRole('link', { name: /Stuur een bericht/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Deblokkeren' }));
    const block = await screen.findByRole('button', { name: 'Blokkeren' });
    await waitFor(() => expect(block).toHaveFocus());
    expect(screen.getByText('Eva is gedeblokkeerd.')).toBeInTheDocument();
    expect(commands(fetchMock)[1]).toEqual({ path: '/api/block.php', method: 'DELETE', body: { id: 12 } });
  });

  it('keeps the dialog open with the reason when blocking fails', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(200, { member: buildMember() }),
      'POST /api/block.php': () => jsonResponse(404, { error: 'not_found', message: 'Dit profiel bestaat niet.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ja, blokkeren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Dit profiel bestaat niet.');
  });

  it('says a profile is not available on a 404, with a way back to the members', async () => {
    serve(fetchMock, {});
    await renderWithApp(appRoutes(queryClient), { path: '/members/99', user: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Dit profiel is niet beschikbaar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leden bekijken' })).toHaveAttribute('href', '/members');
  });

  it('shows the own profile as others see it, with a banner and no actions', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(200, { member: buildMember({ id: 7, name: 'Sanne' }) }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/7', user: buildUser() });
    expect(await screen.findByText('Zo zien anderen jouw profiel.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profiel bewerken' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: /Stuur een bericht/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).not.toBeInTheDocument();
  });

  it('invites a visitor to sign up when the site shows profiles to members only', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(403, { error: 'authentication_required', message: 'Log in.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: null });
    expect(
      await screen.findByRole('heading', { name: 'Meld je gratis aan om dit profiel te bekijken' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute('href', '/members/12/signup');
  });

  it('lets a visitor see a profile where the site allows it, with signup as the way to write', async () => {
    serve(fetchMock, { 'GET /api/member.php': () => jsonResponse(200, { member: buildMember() }) });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12?network=ads', user: null });
    await screen.findByRole('heading', { level: 1 });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/member.php?network=ads&id=12')).toBe(true);
    expect(screen.getByRole('link', { name: /Stuur een bericht/ })).toHaveAttribute('href', '/members/12/signup');
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).not.toBeInTheDocument();
  });

  it('offers a retry when the profile does not load', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () => jsonResponse(400, { error: 'bad_request', message: 'Er ging iets mis.' }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser() });
    expect(await screen.findByText('We konden dit profiel niet laden.')).toBeInTheDocument();
    serve(fetchMock, { 'GET /api/member.php': () => jsonResponse(200, { member: buildMember() }) });
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Eva, 34');
  });

  it.each([
    ['nl', 'We konden dit profiel niet laden.', 'Er is een fout opgetreden, probeer het later opnieuw.'],
    ['de', 'Wir konnten dieses Profil nicht laden.', 'Ein Fehler ist aufgetreten, bitte versuche es später erneut.'],
  ] as const)(
    'says in %s that the profile did not load, never with the HTTP status text of a bare 500',
    async (locale, title, generic) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      serve(fetchMock, {
        'GET /api/member.php': () =>
          new Response('<html>Oops</html>', { status: 500, statusText: 'Internal Server Error' }),
      });
      await renderWithApp(appRoutes(queryClient), { path: '/members/12', user: buildUser(), locale });
      // A GET answered 5xx is tried again (spec section 8) before the page shows the failure. The
      // page's chunk and its language's texts load first: as long as setup.ts allows a first render.
      await vi.waitFor(
        async () => {
          await vi.advanceTimersByTimeAsync(10_000);
          expect(screen.getByText(title)).toBeInTheDocument();
        },
        { timeout: 5000 },
      );
      expect(screen.getByText(generic)).toBeInTheDocument();
      expect(screen.queryByText(/Internal Server Error/)).not.toBeInTheDocument();
    },
  );

  it('lists related profiles as cards and shows the same page under /likes/m/:id', async () => {
    serve(fetchMock, {
      'GET /api/member.php': () =>
        jsonResponse(200, {
          member: buildMember({ related: [buildCard(), buildCard({ id: 22, name: 'Noor', fictional: true })] }),
        }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/likes/m/12', user: buildUser() });
    const related = await screen.findByRole('region', { name: 'Vergelijkbare profielen' });
    expect(within(related).getAllByRole('listitem')).toHaveLength(2);
    expect(within(related).getByRole('link', { name: 'Lotte, 31, Utrecht' })).toHaveAttribute('href', '/members/21');
    expect(within(related).getByRole('img', { name: WARNING })).toBeInTheDocument();
  });
});
