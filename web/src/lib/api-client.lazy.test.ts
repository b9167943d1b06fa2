// axios is not part of the first load: api-client fetches it on the first call of `api`,
// and the first screen's calls (firstScreenApi) never do. Apart from api-client.test.ts, whose mock
// answers load axios up front.
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { api, firstScreenApi } from './api-client';
import { saveSession } from './session';

const { loaded } = vi.hoisted(() => ({ loaded: vi.fn() }));
vi.mock('axios', async (importOriginal) => {
  loaded();
  return importOriginal();
});

describe('api client loading', () => {
  it('loads axios on the first call of api, not before, and once', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('[]', { status: 200 })));
    await firstScreenApi.get('/api/services', { params: { limit: 4 } });
    expect(loaded).not.toHaveBeenCalled();

    saveSession('jwt-1', { userName: 'Amina Wanjiru', accountType: 'seller' });
    const adapter = vi.fn((config: InternalAxiosRequestConfig) =>
      Promise.resolve({ data: { ok: true }, status: 200, statusText: '', headers: {}, config }),
    );
    const [first, second] = await Promise.all([
      api.get<{ ok: boolean }>('/api/me', { adapter }),
      api.post('/api/contact', { subject: 'Hi' }, { adapter }),
    ]);

    expect(loaded).toHaveBeenCalledTimes(1);
    expect(first.data).toEqual({ ok: true });
    expect(second.status).toBe(200);
    // The instance is the app's, interceptors included.
    expect(adapter.mock.calls[0]![0].headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(adapter.mock.calls[1]![0].data).toBe('{"subject":"Hi"}');
  });
});
