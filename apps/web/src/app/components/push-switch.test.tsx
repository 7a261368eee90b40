import { DISMISSAL_KEYS, NOTIFICATION_TYPES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../features/profile/testing/api-stub';
import { queryClient } from '../../lib/query-client';
import { removeBrowserPush, stubBrowserPush, SUBSCRIPTION_JSON } from '../../testing/browser-push';
import { buildUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { appRoutes } from '../router';

const user = buildUser();
const account = {
  email: 'sanne@example.com',
  invisible: false,
  notification_preferences: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])),
};

describe('the push switch on /notifications', () => {
  beforeEach(() => {
    localStorage.setItem(DISMISSAL_KEYS.siteEntryWarning, String(Date.now()));
    localStorage.setItem(DISMISSAL_KEYS.enrich, String(Date.now()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    removeBrowserPush();
  });

  it('turns push on for this device, then off again, telling the server each time', async () => {
    stubBrowserPush('granted');
    const { sent } = stubApi(user, {
      'GET /api/account.php': jsonResponse(200, { account }),
      'POST /api/user.php': jsonResponse(200, { ok: true }),
      'DELETE /api/user.php': jsonResponse(200, { ok: true }),
    });
    await renderWithApp(appRoutes(queryClient), {
      path: '/notifications',
      user,
      settings: { push_public_key: 'BAEC' },
    });
    const toggle = await screen.findByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    // The member alerts' lazy chunk stores this device's subscription again for the member when
    // it mounts; landing after the click, it stores the same one twice (the server keeps one).
    const stored = new Set(sent('POST', '/api/user.php').map((body) => JSON.stringify(body)));
    expect(stored).toEqual(new Set([JSON.stringify({ subscription: SUBSCRIPTION_JSON })]));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sent('DELETE', '/api/user.php')).toEqual([{ endpoint: SUBSCRIPTION_JSON.endpoint }]);
  });

  it('explains a browser that blocks notifications, with the switch off and disabled', async () => {
    stubBrowserPush('denied');
    stubApi(user, { 'GET /api/account.php': jsonResponse(200, { account }) });
    await renderWithApp(appRoutes(queryClient), {
      path: '/notifications',
      user,
      settings: { push_public_key: 'BAEC' },
    });
    const toggle = await screen.findByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('Je browser blokkeert meldingen'));
  });
});
