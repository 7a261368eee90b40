import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes.js';
import { PAYMENT_METHODS } from './constants.js';

describe('matchRoute', () => {
  it.each([
    ['/', 'index'],
    ['/members', 'members'],
    ['/members/12', 'members-id'],
    ['/members/12/chat', 'members-id-chat'],
    ['/members/12/landing2', 'members-id-landing2-slug'],
    ['/members/12/landing3/milf-nl', 'members-id-landing3-slug'],
    ['/likes/received', 'likes-type'],
    ['/likes/m/5', 'likes-m-id'],
    ['/credits/repeat-order', 'credits-repeat-order'],
    ['/credits/3', 'credits-id-paymentmethod'],
    ['/credits/3/ideal', 'credits-id-paymentmethod'],
    ['/transactions', 'transactions-id'],
    ['/transactions/9', 'transactions-id'],
    ['/pages/terms', 'pages-name'],
    ['/landers/gallery/eng', 'landers-name-slug'],
    ['/landers/tinderswipe', 'landers-tinderswipe'],
    ['/reset-password/do', 'reset-password-do'],
    ['/signup/', 'signup'],
  ])('matches %s as %s', (path, name) => {
    expect(matchRoute(path)?.route.name).toBe(name);
  });

  it.each(PAYMENT_METHODS)('matches the payment method %s of /credits/{id}/{paymentmethod?}', (method) => {
    expect(matchRoute(`/credits/3/${method}`)?.route.name).toBe('credits-id-paymentmethod');
  });

  it.each([
    '/nope',
    '/members/abc',
    '/likes/other',
    '/likes/foo',
    '/chats/abc',
    '/credits/abc',
    '/credits/1/no-such-method',
    '/credits/1/IDEAL',
    '/pages/unknown',
    '/landers/unknown',
    '/landers/gallery/en',
    '/members/3/landing2/milf-xx',
    '/members/1/2/3',
    '/%E0%A4%A',
  ])('does not match %s', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('returns the parameters', () => {
    expect(matchRoute('/credits/3/ideal')?.params).toEqual({ id: '3', paymentmethod: 'ideal' });
  });
});
