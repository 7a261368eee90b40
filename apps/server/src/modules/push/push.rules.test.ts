import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS } from '../../config.js';
import { buildPayload, pushEndpointAllowed, wantsPush } from './push.rules.js';

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

  it('allows exactly the host and port of an entry that names its port, and nothing beside it', () => {
    const hosts = ['push.example.net:8443', '127.0.0.1:3211'];
    expect(pushEndpointAllowed('https://push.example.net:8443/p/abc', hosts)).toBe(true);
    expect(pushEndpointAllowed('https://127.0.0.1:3211/push/abc', hosts)).toBe(true);
    for (const endpoint of [
      'https://push.example.net/p/abc',
      'https://sub.push.example.net:8443/p/abc',
      'https://127.0.0.1:3212/push/abc',
      'https://127.0.0.1/push/abc',
      'http://127.0.0.1:3211/push/abc',
      'https://user@127.0.0.1:3211/push/abc',
    ]) {
      expect(pushEndpointAllowed(endpoint, hosts), endpoint).toBe(false);
    }
  });
});

describe('visit pushes', () => {
  it('follow the visits preference, which members switch on themselves', () => {
    expect(wantsPush(['visits'], 'visit')).toBe(false);
    expect(wantsPush([], 'visit')).toBe(true);
    expect(wantsPush(['visits'], 'like')).toBe(true);
  });

  it('open the visitors page and never name the visitor', () => {
    const payload = buildPayload({ kind: 'visit', name: 'Zwaantje' }, 'nl', 2);
    expect(payload).toMatchObject({ type: 'visit', url: '/visitors', tag: 'visitors', badge: 2, icon: null });
    expect(payload.title).toBe('Nieuwe profielbezoeker');
    expect(`${payload.title} ${payload.body}`).not.toContain('Zwaantje');
  });
});

describe('verification pushes', () => {
  it('always go out, open /profile and say the outcome in the member language', () => {
    expect(wantsPush(['visits', 'like', 'new_messages'], 'verification_approved')).toBe(true);
    const approved = buildPayload({ kind: 'verification_approved', name: '' }, 'en', 0);
    expect(approved).toMatchObject({ type: 'verification', url: '/profile', tag: 'verification', icon: null });
    expect(approved.title).toBe('You are verified');
    expect(buildPayload({ kind: 'verification_rejected', name: '' }, 'nl', 1).title).toBe('Verificatie afgewezen');
  });
});
