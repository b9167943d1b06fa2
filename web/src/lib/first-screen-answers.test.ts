import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenApi } from './api-client';

function carry(answers: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-screen-answers';
  element.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.body.append(element);
}

function stubFetch(body: unknown, status = 200) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  document.getElementById('first-screen-answers')?.remove();
  vi.unstubAllGlobals();
});

describe('firstScreenApi with the answers the document carries', () => {
  it('answers the first call of a carried URL from the document, and asks the server after that', async () => {
    carry({ '/api/services?limit=48&offset=0': { status: 200, body: [{ _id: 'svc-1' }] } });
    const fetch = stubFetch([{ _id: 'svc-2' }]);

    const first = await firstScreenApi.get('/api/services', { params: { limit: 48, offset: 0 } });
    expect(first).toEqual({ status: 200, data: [{ _id: 'svc-1' }] });
    expect(fetch).not.toHaveBeenCalled();

    const again = await firstScreenApi.get('/api/services', { params: { limit: 48, offset: 0 } });
    expect(again.data).toEqual([{ _id: 'svc-2' }]);
    expect(fetch).toHaveBeenCalledWith('/api/services?limit=48&offset=0', expect.anything());
  });

  it('fails a carried 404 as the server would have', async () => {
    carry({ '/api/service/gone': { status: 404, body: { message: 'Service not found', code: 'not_found' } } });
    stubFetch({});
    await expect(firstScreenApi.get('/api/service/gone')).rejects.toMatchObject({
      response: { status: 404, data: { message: 'Service not found', code: 'not_found' } },
    });
  });

  it('asks the server for a URL the document does not carry, or when it cannot be read', async () => {
    carry('{"/api/services/hair?limit=4": {"status": 2');
    const fetch = stubFetch([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await firstScreenApi.get('/api/services/hair', { params: { limit: 4 } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
