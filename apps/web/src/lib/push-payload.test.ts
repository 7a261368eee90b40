import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  notificationFor,
  notificationUrl,
  parsePushPayload,
  parseServiceWorkerMessage,
} from './push-payload';

const payload = {
  type: 'message',
  title: 'Sanne',
  body: 'Hoi! Zin in koffie?',
  url: '/chats/12',
  badge: 3,
  tag: 'chat-12',
  icon: null,
} as const;

describe('parsePushPayload', () => {
  it('takes a payload as the server sends it', () => {
    expect(parsePushPayload(payload)).toEqual(payload);
    expect(parsePushPayload({ ...payload, type: 'match', icon: '/media/a.webp' })).toMatchObject({ type: 'match' });
    expect(parsePushPayload({ ...payload, type: 'visit', url: '/visitors', tag: 'visitors' })).toMatchObject({
      type: 'visit',
    });
  });

  it('refuses anything else', () => {
    for (const value of [
      null,
      'text',
      [],
      { ...payload, type: 'gift' },
      { ...payload, title: 3 },
      { ...payload, badge: -1 },
      { ...payload, badge: 1.5 },
      { ...payload, icon: 4 },
      { ...payload, url: 'https://evil.example/' },
      { ...payload, url: '//evil.example/' },
    ]) {
      expect(parsePushPayload(value)).toBeNull();
    }
  });
});

describe('notificationFor', () => {
  it('shows the texts, replaces the conversation’s last notification and keeps the page to open', () => {
    expect(notificationFor(payload)).toEqual({
      title: 'Sanne',
      options: {
        body: 'Hoi! Zin in koffie?',
        tag: 'chat-12',
        renotify: true,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        data: { url: '/chats/12' },
      },
    });
    expect(notificationFor({ ...payload, icon: '/media/p.webp' }).options.icon).toBe('/media/p.webp');
  });
});

describe('notificationUrl', () => {
  it('opens the notification’s page, or the home page for anything unexpected', () => {
    expect(notificationUrl({ url: '/likes' })).toBe('/likes');
    expect(notificationUrl({ url: 'https://evil.example/' })).toBe('/');
    expect(notificationUrl(null)).toBe('/');
  });
});

describe('parseServiceWorkerMessage', () => {
  it('reads the push and open messages of the service worker only', () => {
    expect(parseServiceWorkerMessage({ type: 'push', payload })).toEqual({ type: 'push', payload });
    expect(parseServiceWorkerMessage({ type: 'open', url: '/likes' })).toEqual({ type: 'open', url: '/likes' });
    expect(parseServiceWorkerMessage({ type: 'open', url: 'https://evil.example/' })).toBeNull();
    expect(parseServiceWorkerMessage({ type: 'push', payload: {} })).toBeNull();
    expect(parseServiceWorkerMessage('reload')).toBeNull();
  });
});
