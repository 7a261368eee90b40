import { DISMISSAL_KEYS, type DiscountCode, type User } from '@app/shared';
import { act, screen } from '@testing-library/react';
import { Link, Outlet, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, reads, serve } from '../../../testing/api';
import { initI18n, loadMemberTexts } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../data/query-keys';
import { buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { useWelcomeDiscount } from '../api/get-welcome-discount';
import { TimeBonusSlot } from './time-bonus-slot';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

/** A member who signed up `secondsAgo` seconds before NOW, with overrides. */
function member(secondsAgo: number, overrides: Partial<User> = {}): User {
  return buildUser({ signup_date: new Date(NOW - secondsAgo * 1000).toISOString(), credits: 0, ...overrides });
}

/** The welcome discount as discountcode.php?welcome=true answers it. */
function welcomeDiscount(percentage = 25): DiscountCode {
  return {
    code: 'TIMEBONUS25',
    country: null,
    user_id: null,
    expires: null,
    value_percentage: percentage,
    percentage,
    currency: null,
    minimum_order_value: null,
    minimum: null,
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    paymentmethods: null,
  };
}

/** What the shop reads: the welcome discount's code while the bonus runs. */
function WelcomeCode() {
  return <p data-testid="welcome">{useWelcomeDiscount()?.code ?? 'none'}</p>;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The slot as the default layout mounts it, above pages that link to each other. */
const routes = [
  {
    path: '/',
    element: (
      <>
        <TimeBonusSlot />
        <Outlet />
        <Where />
        <Link to="/members">leden</Link>
      </>
    ),
    children: [
      { index: true, element: <p>start</p> },
      { path: 'members', element: <p>leden</p> },
      { path: 'profile', element: <p>profiel</p> },
      { path: 'premium', element: <p>premium</p> },
      { path: 'credits', element: <WelcomeCode /> },
    ],
  },
];

/** Lets fake time pass, with React committing what it caused. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * Renders at NOW with the clock standing still: the lazy chunk, the query cache's batched
 * notifications and the router settle without a moment passing, so every second is counted.
 */
async function renderAt(path: string, user: User | null) {
  const view = await renderWithApp(routes, { path, user });
  for (let turn = 0; turn < 10; turn++) await elapse(0);
  return view;
}

/** Sets the member in the cache, as login, logout and the user polling do. */
async function setUser(user: User | null) {
  act(() => queryClient.setQueryData(queryKeys.user, { user }));
  for (let turn = 0; turn < 10; turn++) await elapse(0);
}

// The catalogues and the lazy chunk load with real timers, before any test stops the clock.
beforeAll(async () => {
  await initI18n('nl');
  await loadMemberTexts();
  await import('./time-bonus');
});

describe('the time bonus', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    vi.stubGlobal('fetch', fetchMock);
    serve(fetchMock, { 'GET /api/discountcode.php': () => jsonResponse(200, { discount: welcomeDiscount() }) });
  });

  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows a new member the bonus with a countdown in hours, minutes and seconds that ticks each second', async () => {
    serve(fetchMock, { 'GET /api/discountcode.php': () => jsonResponse(200, { discount: welcomeDiscount(30) }) });
    await renderAt('/', member(60));
    const chip = screen.getByRole('button', { name: /welkomstbonus/ });
    expect(screen.getByRole('timer')).toHaveTextContent('nog 3:59:00');
    await elapse(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('nog 3:58:59');
    await elapse(2000);
    expect(screen.getByRole('timer')).toHaveTextContent('nog 3:58:57');
    // Login loads the welcome discount, whose percentage the chip names.
    expect(reads(fetchMock, '/api/discountcode.php')).toEqual(['/api/discountcode.php?welcome=true']);
    expect(chip).toHaveAccessibleName('30% welkomstbonus nog 3:58:57');
  });

  it('opens the time-bonus modal from the chip at any time, before its 40 s', async () => {
    await renderAt('/members', member(60));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: /welkomstbonus/ }).click());
    await elapse(0);
    const dialog = screen.getByRole('dialog', { name: '25% welkomstbonus met directe ontvangst' });
    expect(dialog).toHaveTextContent('3:59:00');
    act(() => screen.getByRole('button', { name: 'Misschien later' }).click());
    await elapse(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(DISMISSAL_KEYS.timeBonusModal))).toBe(NOW);
  });

  it('ignores a failed welcome discount load silently: the bonus shows with its own 25%', async () => {
    serve(fetchMock, {
      'GET /api/discountcode.php': () => jsonResponse(404, { error: 'code_not_found', message: 'Code niet gevonden' }),
    });
    await renderAt('/', member(60));
    expect(screen.getByRole('button', { name: /welkomstbonus/ })).toHaveTextContent('25% welkomstbonus');
    expect(reads(fetchMock, '/api/discountcode.php')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Code niet gevonden')).not.toBeInTheDocument();
  });

  it('ends and clears at zero', async () => {
    await renderAt('/', member(14_398));
    expect(screen.getByRole('timer')).toHaveTextContent('0:00:02');
    await elapse(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:00:01');
    await elapse(1000);
    expect(screen.queryByRole('button', { name: /welkomstbonus/ })).not.toBeInTheDocument();
    await elapse(5000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('clears when the member becomes paid, and on logout; login loads it again', async () => {
    const sanne = member(60);
    await renderAt('/', sanne);
    expect(screen.getByRole('timer')).toBeInTheDocument();

    await setUser({ ...sanne, paid_user: true });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    await setUser(sanne);
    expect(screen.getByRole('timer')).toBeInTheDocument();
    await setUser(null);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    await setUser(sanne);
    expect(screen.getByRole('timer')).toHaveTextContent('3:59:00');
  });

  it('never shows for a visitor, a paid member or a member whose 4 hours are over, and asks them no discount', async () => {
    for (const user of [null, member(60, { paid_user: true }), member(14_400), member(86_400)]) {
      const view = await renderAt('/', user);
      expect(screen.getByText('start')).toBeInTheDocument();
      await elapse(1000);
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      view.unmount();
    }
    expect(reads(fetchMock, '/api/discountcode.php')).toEqual([]);
  });
});

describe('the time-bonus modal', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    vi.stubGlobal('fetch', fetchMock);
    serve(fetchMock, { 'GET /api/discountcode.php': () => jsonResponse(200, { discount: welcomeDiscount() }) });
  });

  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const title = '25% welkomstbonus met directe ontvangst';

  it('opens 40 s after entering the members area for a member with 0 credits; closing it is a dismissal', async () => {
    await renderAt('/members', member(60));
    expect(screen.getByRole('timer')).toBeInTheDocument();
    await elapse(39_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(1_000);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent('3:58:20');

    await act(async () => screen.getByRole('button', { name: 'Misschien later' }).click());
    await elapse(1_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(DISMISSAL_KEYS.timeBonusModal))).toBeGreaterThanOrEqual(NOW + 40_000);
  });

  it('counts the 40 s from entering the members area, not from the first page', async () => {
    await renderAt('/profile', member(60));
    expect(screen.getByRole('timer')).toBeInTheDocument();
    await elapse(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => screen.getByRole('link', { name: 'leden' }).click());
    await elapse(39_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(1_000);
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
  });

  it('takes the member to the shop with the claim button', async () => {
    await renderAt('/members', member(60));
    expect(screen.getByRole('timer')).toBeInTheDocument();
    await elapse(40_000);
    screen.getByRole('dialog', { name: title });
    await act(async () => screen.getByRole('button', { name: 'Claim mijn bonus' }).click());
    expect(screen.getByTestId('where')).toHaveTextContent('/premium');
    expect(localStorage.getItem(DISMISSAL_KEYS.timeBonusModal)).not.toBeNull();
  });

  it('stays shut for a member with credits, or who dismissed it before', async () => {
    const withCredits = await renderAt('/members', member(60, { credits: 20 }));
    expect(screen.getByRole('timer')).toBeInTheDocument();
    await elapse(45_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    withCredits.unmount();

    localStorage.setItem(DISMISSAL_KEYS.timeBonusModal, String(NOW - 1000));
    await renderAt('/members', member(60));
    expect(screen.getByRole('timer')).toBeInTheDocument();
    await elapse(45_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays shut once the bonus is over', async () => {
    await renderAt('/members', member(14_380));
    expect(screen.getByRole('timer')).toBeInTheDocument();
    await elapse(45_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('useWelcomeDiscount', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    vi.stubGlobal('fetch', fetchMock);
    serve(fetchMock, { 'GET /api/discountcode.php': () => jsonResponse(200, { discount: welcomeDiscount() }) });
  });

  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('gives the shop the welcome discount while the bonus runs, and none once it is over', async () => {
    await renderAt('/credits', member(14_390));
    expect(screen.getByTestId('welcome')).toHaveTextContent('TIMEBONUS25');
    await elapse(10_000);
    expect(screen.getByTestId('welcome')).toHaveTextContent('none');
  });

  it('gives a paid member none, without asking', async () => {
    await renderAt('/credits', member(60, { paid_user: true }));
    expect(screen.getByTestId('welcome')).toHaveTextContent('none');
    expect(reads(fetchMock, '/api/discountcode.php')).toEqual([]);
  });
});
