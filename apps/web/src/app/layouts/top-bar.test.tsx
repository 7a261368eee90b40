import { ROUTES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../data/query-keys';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { TopBar } from './top-bar';

const routes = [{ path: '*', element: <TopBar />, handle: { route: ROUTES[0]! } }];

describe('TopBar', () => {
  it('shows Login and the signup call to action when logged out', async () => {
    await renderWithApp(routes);
    expect(screen.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: /aanmelden/i })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /^Mijn account/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Berichten/ })).not.toBeInTheDocument();
  });

  it('shows the account menu, messages and likes when logged in', async () => {
    await renderWithApp(routes, { user: buildUser() });
    expect(screen.queryByRole('link', { name: 'Inloggen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Berichten/ })).toHaveAttribute('href', '/chats');
    expect(screen.getByRole('link', { name: /Likes/ })).toHaveAttribute('href', '/likes');

    await userEvent.click(screen.getByRole('button', { name: /^Mijn account/ }));
    expect(screen.getByRole('menuitem', { name: 'Mijn profiel' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Instellingen' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Uitloggen' })).toBeInTheDocument();
  });

  it("shows the member's picture from the ready URL the server sends", async () => {
    const thumb = 'https://cdn.example/media/photos/ab/ab12cd34ef56-thumb.webp';
    const user = buildUser();
    const { container } = await renderWithApp(routes, {
      user: {
        ...user,
        profile: { ...user.profile, main_image: { filename: thumb, thumb_filename: thumb, match: thumb } },
      },
    });
    expect(container.querySelector('.top-bar__account img')).toHaveAttribute('src', thumb);
  });

  it('closes the account menu with Escape and returns focus to its button', async () => {
    await renderWithApp(routes, { user: buildUser() });
    const toggle = screen.getByRole('button', { name: /^Mijn account/ });
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mijn profiel' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Instellingen' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('caps the unread badge at 99+', async () => {
    queryClient.setQueryData(queryKeys.chats, { chats: [{ num_unread_messages: 120 }, { num_unread_messages: 3 }] });
    await renderWithApp(routes, { user: buildUser() });
    expect(screen.getAllByText('99+').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Berichten/ })).toHaveAccessibleName('Berichten 123 ongelezen');
  });

  it('offers premium to members who never paid', async () => {
    await renderWithApp(routes, { user: buildUser({ paid_user: false }) });
    expect(screen.getByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/premium');
  });

  it('sends paid members to a repeat order, with a danger badge at 0 credits', async () => {
    await renderWithApp(routes, { user: buildUser({ paid_user: true, credits: 0 }) });
    const link = screen.getByRole('link', { name: /Credits/ });
    expect(link).toHaveAttribute('href', '/credits/repeat-order');
    expect(link.querySelector('.badge')).toHaveClass('text-bg-danger');
  });
});
