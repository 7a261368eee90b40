import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS } from '../../config.js';
import { pushEndpointAllowed } from './push.rules.js';

describe('pushEndpointAllowed', () => {
  it("allows the browsers' push services by default, subdomains included", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGabc',
    ]) {
      expect(pushEndpointAllowed(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toBe(true);
    }
  });

  it('refuses other schemes, hosts that only look alike, ports, users and addresses', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.elsewhere.example/abc',
      'https://evilfcm.googleapis.com.example/abc',
      'https://notfcm.googleapis.com/abc',
      'https://googleapis.com/abc',
      'https://fcm.googleapis.com:443/abc',
      'https://fcm.googleapis.com:8443/abc',
      'https://user@fcm.googleapis.com/abc',
      'https://elsewhere.example\\@fcm.googleapis.com/abc',
      'https://FCM.googleapis.com/abc',
      'https://fcm.googleapis.com',
      'https://127.0.0.1/abc',
      'https://[::1]/abc',
      'https://localhost/abc',
      'not a url',
    ]) {
      expect(pushEndpointAllowed(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toBe(false);
    }
  });
});
