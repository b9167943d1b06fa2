import { describe, expect, it, vi } from 'vitest';
import { mockApi, networkError, sentHeader, type Handler } from '@/testing/mock-api';
import {
  api,
  apiErrorCode,
  apiErrorMessage,
  apiErrorStatus,
  apiFieldErrors,
  firstScreenApi,
  HttpError,
  isApiError,
  isRetryable,
} from './api-client';
import { onSessionExpired, readSession, saveSession } from './session';

const amina = { userName: 'Amina Wanjiru', accountType: 'seller' };

describe('api client and the session (SPEC §4)', () => {
  it('sends the stored token as a bearer authorization header', async () => {
    const adapter = mockApi({ 'GET /api/me': { status: 200, data: {} } });
    await api.get('/api/me');
    expect(sentHeader(adapter.mock.calls[0]![0], 'Authorization')).toBeUndefined();

    saveSession('jwt-1', amina);
    await api.get('/api/me');
    expect(sentHeader(adapter.mock.calls[1]![0], 'Authorization')).toBe('Bearer jwt-1');
  });

  it('ends the session when the server refuses the token, and says so once', async () => {
    mockApi({ 'GET /api/me': { status: 401, data: { message: 'Please sign in again', code: 'unauthenticated' } } });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    saveSession('jwt-1', amina);

    await expect(api.get('/api/me')).rejects.toMatchObject({ response: { status: 401 } });

    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps the session on a wrong password at sign-in', async () => {
    mockApi({ 'POST /api/login': { status: 401, data: { message: 'Invalid email or password', code: 'bad_credentials' } } });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    saveSession('jwt-1', amina);

    await expect(api.post('/api/login', {})).rejects.toThrow();

    expect(readSession()?.token).toBe('jwt-1');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('ignores a 401 to a call made without a token', async () => {
    mockApi({ 'GET /api/me': { status: 401 } });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);

    await expect(api.get('/api/me')).rejects.toThrow();

    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('keeps a newer session when an old token is refused late', async () => {
    let refuse!: () => void;
    mockApi({
      'GET /api/me': () => new Promise((resolve) => (refuse = () => resolve({ status: 401 }))),
    });
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    saveSession('old-token', amina);
    const call = api.get('/api/me');
    await vi.waitFor(() => expect(refuse).toBeDefined());

    saveSession('new-token', amina);
    refuse();
    await expect(call).rejects.toThrow();

    expect(readSession()?.token).toBe('new-token');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });
});

describe('error helpers', () => {
  it("read the gateway's message and per-field errors", async () => {
    mockApi({
      'POST /api/register': {
        status: 400,
        data: { message: 'Please check the form', code: 'validation', errors: { email: 'Taken', phoneNumber: '', other: 3 } },
      },
    });
    const error: unknown = await api.post('/api/register', {}).catch((e: unknown) => e);
    expect(apiErrorMessage(error)).toBe('Please check the form');
    expect(apiErrorCode(error)).toBe('validation');
    expect(apiFieldErrors(error)).toEqual({ email: 'Taken' });
    expect(isRetryable(error)).toBe(false);
  });

  it('give nothing for failures without a usable body', async () => {
    mockApi({ 'GET /api/packages': { status: 502, data: '<html>Bad gateway</html>' }, 'GET /api/me': networkError });
    const badGateway: unknown = await api.get('/api/packages').catch((e: unknown) => e);
    expect(apiErrorMessage(badGateway)).toBeUndefined();
    expect(apiErrorCode(badGateway)).toBeUndefined();
    expect(apiFieldErrors(badGateway)).toEqual({});
    expect(isRetryable(badGateway)).toBe(true);

    const offline: unknown = await api.get('/api/me').catch((e: unknown) => e);
    expect(apiErrorMessage(offline)).toBeUndefined();
    expect(isRetryable(offline)).toBe(true);
    expect(apiErrorMessage(new Error('local'))).toBeUndefined();
  });
});

describe('the first screen\'s calls over fetch', () => {
  /** What the app reads of a failed call: the screens' messages, retries and 404s come from these. */
  const seen = (error: unknown) => ({
    isApiError: isApiError(error),
    status: apiErrorStatus(error),
    message: apiErrorMessage(error),
    fieldErrors: apiFieldErrors(error),
    retryable: isRetryable(error),
  });

  it.each<[string, Handler]>([
    ['a 404 with the gateway\'s message', { status: 404, data: { message: 'Service not found', code: 'not_found' } }],
    ['a 400 with field errors', { status: 400, data: { message: 'Bad limit', code: 'validation', errors: { limit: 'Too big' } } }],
    ['a proxy\'s 502 page', { status: 502, data: '<html>Bad gateway</html>' }],
    ['a 503 without a body', { status: 503 }],
    ['no answer at all', networkError],
  ])('fail as api.get does on %s', async (_, handler) => {
    mockApi({ 'GET /api/services/hair': handler });
    const viaAxios: unknown = await api.get('/api/services/hair').catch((e: unknown) => e);
    const viaFetch: unknown = await firstScreenApi.get('/api/services/hair').catch((e: unknown) => e);
    expect(viaFetch).toBeInstanceOf(HttpError);
    expect(seen(viaFetch)).toEqual(seen(viaAxios));
    expect(seen(viaFetch).isApiError).toBe(true);
  });

  it('answer what api.get answers, parsed from JSON', async () => {
    mockApi({ 'GET /api/service/svc-7': { status: 200, data: { _id: 'svc-7', name: 'Glam' } } });
    const viaAxios = await api.get<unknown>('/api/service/svc-7');
    const viaFetch = await firstScreenApi.get('/api/service/svc-7');
    expect(viaFetch).toEqual({ data: viaAxios.data, status: 200 });
  });

  it('send the query as axios does, without a token', async () => {
    saveSession('jwt-1', amina);
    const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(new Response('[]', { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);

    await firstScreenApi.get('/api/services', { params: { limit: 48, offset: 0, location: undefined } });
    await firstScreenApi.get('/api/services/hair');

    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/services?limit=48&offset=0', '/api/services/hair']);
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('report a call given up on as canceled, and a lost connection as a network failure', async () => {
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) =>
      init?.signal?.aborted
        ? Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    const controller = new AbortController();
    controller.abort();

    await expect(firstScreenApi.get('/api/services', { signal: controller.signal })).rejects.toMatchObject({
      code: 'ERR_CANCELED',
    });
    await expect(firstScreenApi.get('/api/services')).rejects.toMatchObject({
      code: 'ERR_NETWORK',
      message: 'Network Error',
      response: undefined,
    });
  });
});
