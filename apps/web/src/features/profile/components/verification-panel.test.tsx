import { DISMISSAL_KEYS } from '@app/shared';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { queryKeys } from '../../../data/query-keys';
import { queryClient } from '../../../lib/query-client';
import { buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { ALL_FIELDS_SETTINGS, buildPhoto, buildProfile, jsonResponse, stubApi } from '../testing/api-stub';

// The page and the panel are lazy chunks: on a busy machine the first render takes a while.
configure({ asyncUtilTimeout: 4000 });

const user = buildUser();
const withPhoto = { profile: buildProfile({ photos: [buildPhoto(1, 0)] }) };

async function openPanel() {
  await renderWithApp(appRoutes(queryClient), { path: '/profile', user, settings: ALL_FIELDS_SETTINGS });
  return screen.findByRole('region', { name: 'Geverifieerd profiel' });
}

describe('verification on /profile', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    queryClient.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the pose the server chose and sends the selfie taken with the front camera', async () => {
    const { calls } = stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, withPhoto),
      'POST /api/verification.php': jsonResponse(200, {
        verification: { status: 'pending', pose: null, reason: null },
      }),
    });
    const panel = await openPanel();
    expect(await within(panel).findByText('Maak een V-teken met je hand')).toBeInTheDocument();
    const input = within(panel).getByLabelText('Je selfie');
    expect(input).toHaveAttribute('capture', 'user');
    expect(input).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
    await userEvent.upload(input, new File(['selfie'], 'selfie.jpg', { type: 'image/jpeg' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Selfie insturen' }));
    expect(await within(panel).findByText(/We bekijken je selfie/)).toBeInTheDocument();
    const posted = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/verification.php');
    expect((posted?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("shows the server's translated refusal and keeps the form", async () => {
    stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, withPhoto),
      'GET /api/verification.php': jsonResponse(200, {
        verification: { status: 'rejected', pose: 'peace_sign', reason: 'Gezicht niet zichtbaar' },
      }),
      'POST /api/verification.php': jsonResponse(415, {
        error: 'photo_not_image',
        message: 'Dit bestand is geen foto.',
      }),
    });
    const panel = await openPanel();
    expect(await within(panel).findByText('Reden: Gezicht niet zichtbaar')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Selfie insturen' }));
    expect(await within(panel).findByText('Kies eerst een selfie.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Je selfie')).toHaveAccessibleDescription('Kies eerst een selfie.');
    await userEvent.upload(
      within(panel).getByLabelText('Je selfie'),
      new File(['x'], 'notes.jpg', { type: 'image/jpeg' }),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Selfie insturen' }));
    expect(await within(panel).findByText('Dit bestand is geen foto.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Selfie insturen' })).toBeEnabled();
  });

  it('shows the badge once verified, and asks for a photo first without one', async () => {
    stubApi(user, {
      'GET /api/profile.php': jsonResponse(200, withPhoto),
      'GET /api/verification.php': jsonResponse(200, {
        verification: { status: 'verified', pose: null, reason: null },
      }),
    });
    const panel = await openPanel();
    expect(await within(panel).findByText(/Je profiel is geverifieerd/)).toBeInTheDocument();
    expect(within(panel).getAllByRole('img', { name: 'Geverifieerd' }).length).toBeGreaterThan(0);
    expect(within(panel).queryByRole('button', { name: 'Selfie insturen' })).not.toBeInTheDocument();
  });

  it('asks for a profile photo before a selfie', async () => {
    stubApi(user, { 'GET /api/profile.php': jsonResponse(200, { profile: buildProfile() }) });
    const panel = await openPanel();
    expect(await within(panel).findByText(/Voeg eerst een profielfoto toe/)).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Je selfie')).not.toBeInTheDocument();
  });

  it('tells a decision not yet seen and tells the server it was seen, once', async () => {
    const decided = buildUser({ verification_notice: 'rejected' });
    const { sent } = stubApi(decided, {
      'GET /api/profile.php': jsonResponse(200, withPhoto),
      'GET /api/verification.php': jsonResponse(200, {
        verification: { status: 'rejected', pose: 'peace_sign', reason: 'Gezicht niet zichtbaar' },
      }),
      'POST /api/verification-notice.php': jsonResponse(200, { ok: true }),
    });
    await renderWithApp(appRoutes(queryClient), { path: '/profile', user: decided, settings: ALL_FIELDS_SETTINGS });
    const panel = await screen.findByRole('region', { name: 'Geverifieerd profiel' });
    expect(await within(panel).findByText('Reden: Gezicht niet zichtbaar')).toBeInTheDocument();
    await vi.waitFor(() => expect(sent('POST', '/api/verification-notice.php')).toEqual([{ outcome: 'rejected' }]));
    // The member pages' notice leaves /profile to the panel.
    expect(screen.queryByRole('region', { name: 'Je verificatie is afgewezen.' })).not.toBeInTheDocument();
  });

  it('tells the server nothing without a decision to tell', async () => {
    const { sent } = stubApi(user, { 'GET /api/profile.php': jsonResponse(200, withPhoto) });
    const panel = await openPanel();
    expect(await within(panel).findByText('Maak een V-teken met je hand')).toBeInTheDocument();
    expect(sent('POST', '/api/verification-notice.php')).toEqual([]);
  });

  it('reads a state older than the decision once more before counting it seen', async () => {
    const decided = buildUser({ verification_notice: 'approved' });
    let state = 'pending';
    const { sent } = stubApi(decided, {
      'GET /api/profile.php': jsonResponse(200, withPhoto),
      'GET /api/verification.php': () =>
        jsonResponse(200, { verification: { status: state, pose: null, reason: null } }),
      'POST /api/verification-notice.php': jsonResponse(200, { ok: true }),
    });
    queryClient.setQueryData(queryKeys.verification, { verification: { status: 'pending', pose: null, reason: null } });
    state = 'verified';
    await renderWithApp(appRoutes(queryClient), { path: '/profile', user: decided, settings: ALL_FIELDS_SETTINGS });
    const panel = await screen.findByRole('region', { name: 'Geverifieerd profiel' });
    expect(await within(panel).findByText(/Je profiel is geverifieerd/)).toBeInTheDocument();
    await vi.waitFor(() => expect(sent('POST', '/api/verification-notice.php')).toEqual([{ outcome: 'approved' }]));
  });
});
