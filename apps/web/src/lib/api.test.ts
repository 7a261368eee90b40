import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../testing/factories';
import { ApiError, apiCommand, apiRequest, newIdempotencyKey } from './api';
import { queryClient } from './query-client';
import { queryKeys } from '../data/query-keys';
import { jsonResponse } from '../testing/api';

const interests = { interests: [{ id: 1, key: 'music', icon: 'music' }] };

describe('the API client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends the request-type header and same-origin credentials, and answers the JSON body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: null }));
    await expect(apiRequest('/api/user.php')).resolves.toEqual({ user: null });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('asks for messages in the language the page shows', async () => {
    document.documentElement.lang = 'nl';
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: null }));
    await apiRequest('/api/user.php');
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('nl');
  });

  it('retries a 5xx answer and a network error with growing delays, then succeeds', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(502, { error: 'internal_error', message: 'x' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, interests));
    const result = apiRequest('/api/interests.php');
    await vi.advanceTimersByTimeAsync(250);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toEqual(interests);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries a POST only with an idempotency key, sending the same key every time', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(503, { error: 'internal_error', message: 'x' }))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    const result = apiRequest('/api/message.php', { method: 'POST', body: {}, idempotencyKey: 'k'.repeat(32) });
    await vi.advanceTimersByTimeAsync(750);
    await expect(result).resolves.toEqual({ ok: true });
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toEqual(Array(3).fill('k'.repeat(32)));

    fetchMock.mockReset();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/message.php', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 0,
      error: 'network_error',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['idempotency-key']).toBeUndefined();
  });

  it('makes a new random idempotency key each time', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives up after five retries', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(500, { error: 'internal_error', message: 'Boom' }));
    const result = apiCommand('/api/interests.php');
    const assertion = expect(result).rejects.toMatchObject({ status: 500, error: 'internal_error', message: 'Boom' });
    await vi.advanceTimersByTimeAsync(60_000);
    await assertion;
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('never retries a 4xx answer and throws its error body', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, { error: 'validation_failed', message: 'Check', fields: { email: 'Ongeldige e-mail' } }),
    );
    const error = await apiCommand('/api/user.php', { method: 'PUT', body: { language: 'en' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, error: 'validation_failed', fields: { email: 'Ongeldige e-mail' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs the member out locally on 403 authentication_required', async () => {
    queryClient.setQueryData(queryKeys.user, { user: buildUser() });
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: 'authentication_required', message: 'Log in' }));
    await expect(apiCommand('/api/chats.php')).rejects.toMatchObject({ status: 403 });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ user: null });
  });

  it('does not log out on a 403 from user.php itself', async () => {
    const user = buildUser();
    queryClient.setQueryData(queryKeys.user, { user });
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: 'authentication_required', message: 'Log in' }));
    await expect(apiCommand('/api/user.php', { method: 'PUT', body: {} })).rejects.toMatchObject({ status: 403 });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ user });
  });

  it('turns an answer without the error shape into a plain HTTP error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 404, statusText: 'Not Found' }));
    await expect(apiRequest('/api/user.php')).rejects.toMatchObject({ status: 404, error: 'http_error' });
  });

  describe('revalidation of answers the browser may not store', () => {
    const tagged = (body: unknown, etag: string, cacheControl = 'no-store') =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: etag, 'Cache-Control': cacheControl },
      });
    const notModified = () => new Response(null, { status: 304 });
    const sentTag = (call: number) =>
      (fetchMock.mock.calls[call]![1]?.headers as Record<string, string>)['If-None-Match'];
    const asMember = (id: number) =>
      queryClient.setQueryData(queryKeys.user, { user: buildUser({ profile: { ...buildUser().profile, id } }) });

    it('names the remembered ETag and answers the same body on 304', async () => {
      asMember(1);
      const chats = { chats: [{ id: 3 }] };
      fetchMock.mockResolvedValueOnce(tagged(chats, 'W/"a"')).mockResolvedValueOnce(notModified());
      const first = await apiRequest('/api/chats.php');
      expect(sentTag(0)).toBeUndefined();
      const second = await apiRequest('/api/chats.php');
      expect(sentTag(1)).toBe('W/"a"');
      expect(second).toBe(first);

      fetchMock.mockResolvedValueOnce(tagged({ chats: [] }, 'W/"b"'));
      await expect(apiRequest('/api/chats.php')).resolves.toEqual({ chats: [] });
      expect(sentTag(2)).toBe('W/"a"');
      fetchMock.mockResolvedValueOnce(notModified());
      await expect(apiRequest('/api/chats.php')).resolves.toEqual({ chats: [] });
      expect(sentTag(3)).toBe('W/"b"');
    });

    it('leaves answers the browser may store to its own cache', async () => {
      asMember(1);
      fetchMock.mockImplementation(async () => tagged(interests, 'W/"i"', 'public, max-age=3600'));
      await apiRequest('/api/interests.php');
      await apiRequest('/api/interests.php');
      expect(sentTag(1)).toBeUndefined();
    });

    it('forgets every answer when the member logs out or another logs in', async () => {
      asMember(1);
      fetchMock.mockImplementation(async () => tagged({ likes: [] }, 'W/"l"'));
      await apiRequest('/api/likes.php');
      asMember(2);
      await apiRequest('/api/likes.php');
      expect(sentTag(1)).toBeUndefined();
      await apiRequest('/api/likes.php');
      expect(sentTag(2)).toBe('W/"l"');
      queryClient.setQueryData(queryKeys.user, { user: null });
      await apiRequest('/api/likes.php');
      expect(sentTag(3)).toBeUndefined();
    });

    it('remembers a bounded number of URLs, dropping the one not asked for in longest', async () => {
      asMember(1);
      fetchMock.mockImplementation(async () => tagged({}, 'W/"m"'));
      for (let id = 0; id <= 50; id++) await apiRequest(`/api/member.php?id=${id}`);
      fetchMock.mockClear();
      await apiRequest('/api/member.php?id=0');
      await apiRequest('/api/member.php?id=50');
      expect(sentTag(0)).toBeUndefined();
      expect(sentTag(1)).toBe('W/"m"');
    });
  });
});
