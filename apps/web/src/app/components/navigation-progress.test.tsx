import { PROGRESS_THROTTLE } from '@app/shared';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgress } from './navigation-progress';

function setup(loaderDelay: number) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>start</p> },
        {
          path: 'slow',
          loader: () => new Promise((resolve) => setTimeout(() => resolve(null), loaderDelay)),
          element: <p>slow</p>,
        },
      ],
    },
  ]);
  const view = render(<RouterProvider router={router} />);
  return { router, bar: () => view.container.querySelector('.navigation-progress') };
}

/** Lets time pass in small steps, each committed by React, as a browser interleaves them. */
async function elapse(ms: number) {
  for (let passed = 0; passed < ms; passed += 10) {
    await act(() => vi.advanceTimersByTimeAsync(10));
  }
}

describe('NavigationProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays hidden for navigations faster than the throttle', async () => {
    const { router, bar } = setup(PROGRESS_THROTTLE / 2);
    await act(async () => {
      void router.navigate('/slow');
    });
    await elapse(PROGRESS_THROTTLE * 2);
    expect(bar()).toBeNull();
  });

  it('runs during a slow navigation and completes when it settles', async () => {
    const { router, bar } = setup(PROGRESS_THROTTLE * 5);
    await act(async () => {
      void router.navigate('/slow');
    });
    expect(bar()).toBeNull();
    await elapse(PROGRESS_THROTTLE + 20);
    expect(bar()).toHaveClass('navigation-progress--running');

    await elapse(PROGRESS_THROTTLE * 4);
    expect(bar()).toHaveClass('navigation-progress--done');

    await elapse(1_000);
    expect(bar()).toBeNull();
  });
});
