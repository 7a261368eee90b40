import { describe, expect, it } from 'vitest';
import { settingsPath } from './get-settings';

describe('settingsPath', () => {
  it('sends the host as forced_domain and passes the current query along', () => {
    expect(settingsPath({ hostname: 'www.example.nl', search: '?network=ads&lb=1' })).toBe(
      '/api/settings.php?forced_domain=www.example.nl&network=ads&lb=1',
    );
  });

  it('never lets the query override the host', () => {
    expect(settingsPath({ hostname: 'a.nl', search: '?forced_domain=b.nl' })).toBe(
      '/api/settings.php?forced_domain=a.nl',
    );
  });
});
