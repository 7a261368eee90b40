import { describe, expect, it } from 'vitest';
import { settingsPath } from './settings';

describe('settingsPath', () => {
  it('sends the host as forced_domain and passes the current query along', () => {
    expect(settingsPath({ hostname: 'www.example.nl', search: '?network=ads&lb=1' }, null)).toBe(
      '/api/settings.php?forced_domain=www.example.nl&network=ads&lb=1',
    );
  });

  it('never lets the query override the host', () => {
    expect(settingsPath({ hostname: 'a.nl', search: '?forced_domain=b.nl' }, null)).toBe(
      '/api/settings.php?forced_domain=a.nl',
    );
  });

  it('asks for the texts in the app’s language, never in one the page query names', () => {
    expect(settingsPath({ hostname: 'a.nl', search: '?locale=de&lb=1' }, 'en')).toBe(
      '/api/settings.php?forced_domain=a.nl&lb=1&locale=en',
    );
    expect(settingsPath({ hostname: 'a.nl', search: '?locale=xx' }, null)).toBe('/api/settings.php?forced_domain=a.nl');
  });
});
