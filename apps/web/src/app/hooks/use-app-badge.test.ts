import { describe, expect, it, vi } from 'vitest';
import { showAppBadge } from './use-app-badge';

function badgingNavigator(result: () => Promise<void>) {
  return { setAppBadge: vi.fn(result), clearAppBadge: vi.fn(result) } as unknown as Navigator & {
    setAppBadge: ReturnType<typeof vi.fn>;
    clearAppBadge: ReturnType<typeof vi.fn>;
  };
}

describe('showAppBadge', () => {
  it('sets the count, and clears the badge at 0', () => {
    const target = badgingNavigator(() => Promise.resolve());
    showAppBadge(7, target);
    showAppBadge(0, target);
    expect(target.setAppBadge).toHaveBeenCalledWith(7);
    expect(target.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('ignores refusals and failures silently', async () => {
    const rejecting = badgingNavigator(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    expect(() => showAppBadge(3, rejecting)).not.toThrow();
    const throwing = badgingNavigator(() => {
      throw new DOMException('no app', 'InvalidStateError');
    });
    expect(() => showAppBadge(3, throwing)).not.toThrow();
    // A rejection left unhandled would fail the run after this tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('does nothing where the browser has no app badge', () => {
    expect(() => showAppBadge(3, {} as Navigator)).not.toThrow();
  });
});
