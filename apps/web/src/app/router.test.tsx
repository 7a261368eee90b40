import { DISMISSAL_KEYS, ROUTES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client';
import { buildUser } from '../testing/factories';
import { renderWithApp } from '../testing/render';
import { PAGE_MODULES } from './route-modules';
import { appRoutes } from './router';

function skipEntryWarning() {
  localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
}

describe('the route table', () => {
  it('has a page module for every route of the shared table, and none that no route shows', () => {
    expect(ROUTES.filter((route) => !PAGE_MODULES[route.page])).toEqual([]);
    expect(Object.keys(PAGE_MODULES).filter((page) => !ROUTES.some((route) => route.page === page))).toEqual([]);
  });

  it('renders the 404 page inside the default layout for an unknown path', async () => {
    skipEntryWarning();
    await renderWithApp(appRoutes(queryClient), { path: '/this/does/not/exist' });
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toHaveClass('site-footer', 'not-home');
  });

  it('renders the 404 page for parameter values a route does not accept', async () => {
    skipEntryWarning();
    await renderWithApp(appRoutes(queryClient), { path: '/pages/nope' });
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
  });

  it.each(['/likes/foo', '/chats/abc', '/credits/abc', '/credits/1/no-such-method'])(
    'keeps a visitor on the 404 page at the members-only %s, whose parameter it does not take',
    async (path) => {
      skipEntryWarning();
      const { router } = await renderWithApp(appRoutes(queryClient), { path });
      expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
      // The login guard of the open page runs once the user query has settled.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(router.state.location.pathname).toBe(path);
      expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    },
  );

  it('shows a content page with its title', async () => {
    skipEntryWarning();
    await renderWithApp(appRoutes(queryClient), { path: '/pages/terms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Algemene voorwaarden' })).toBeInTheDocument();
  });

  it('sends a visitor from a members-only page to the login page', async () => {
    skipEntryWarning();
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/chats' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fchats');
  });

  it('sends a member from the login page to the members area', async () => {
    skipEntryWarning();
    const { router } = await renderWithApp(appRoutes(queryClient), { path: '/login', user: buildUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ontdek leden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
  });

  it('shows the search frame with its filters on /members', async () => {
    skipEntryWarning();
    await renderWithApp(appRoutes(queryClient), { path: '/members' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ontdek leden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoeken' })).toBeInTheDocument();
  });

  it('shows the site-entry warning once, until it is accepted', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/' });
    // The page and the modal are both lazy chunks.
    const enter = await screen.findByRole('button', { name: /Ik ben 18 of ouder/ }, { timeout: 10_000 });
    expect(document.getElementById('site-entry-warning')).toBeInTheDocument();
    await userEvent.click(enter);
    expect(localStorage.getItem(DISMISSAL_KEYS.siteEntryWarning)).toMatch(/^\d+$/);
    await waitFor(() => expect(document.getElementById('site-entry-warning')).not.toBeInTheDocument());
  });

  it('never shows the site-entry warning on the password reset page', async () => {
    await renderWithApp(appRoutes(queryClient), { path: '/reset-password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wachtwoord vergeten' })).toBeInTheDocument();
    expect(document.getElementById('site-entry-warning')).not.toBeInTheDocument();
  });
});
