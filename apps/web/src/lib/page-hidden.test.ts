import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageHiddenBody, watchPageHidden } from './page-hidden';

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('pageHiddenBody', () => {
  it('flags a bounce only with page-bounce logging on', () => {
    expect(pageHiddenBody('/members', false)).toEqual({ path: '/members' });
    expect(pageHiddenBody('/', true)).toEqual({ path: '/', bounce: true });
  });
});

describe('watchPageHidden', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a beacon when the page becomes hidden', async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const stop = watchPageHidden(true);
    document.dispatchEvent(new Event('visibilitychange'));
    stop();
    visibility.mockRestore();

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/page-hidden.php');
    expect(JSON.parse(await readText(blob))).toEqual({ path: '/', bounce: true });
  });
});
