// Answers the app's HTTP calls in component tests: the real axios instance (with its interceptors)
// runs, and only the network under it is replaced; the first screen's calls over fetch
// (firstScreenApi) get the same answers from a stand-in for fetch.
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, vi } from 'vitest';
import { loadAxiosInstance } from '@/lib/api-client';

export interface Reply {
  status: number;
  data?: unknown;
}

/** A reply, a function of the request giving one, or a promise the test settles itself. */
export type Handler = Reply | ((request: InternalAxiosRequestConfig) => Reply | Promise<Reply>);

// The app loads axios on its first call; the tests reach under the instance before that.
const client = await loadAxiosInstance();
const originalAdapter = client.defaults.adapter;
afterEach(() => {
  client.defaults.adapter = originalAdapter;
});

/**
 * Routes calls by 'METHOD /path' (query strings ignored) to their handlers; a call without one fails
 * the test. Returns the spy that records every request: axios's config, or for a call over fetch one
 * with its method, path, query parameters (as sent: strings), headers and signal.
 */
export function mockApi(routes: Record<string, Handler>) {
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${(config.url ?? '').split('?')[0]}`;
    const handler = routes[key];
    if (!handler) throw new Error(`No mock answer for ${key}`);
    const reply = typeof handler === 'function' ? await handler(config) : handler;
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${reply.status}`, code, config, null, response);
  });
  client.defaults.adapter = adapter;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const config = {
      method: (init.method ?? 'get').toLowerCase(),
      url: url.pathname,
      params: url.search ? Object.fromEntries(url.searchParams) : undefined,
      headers: AxiosHeaders.from(Object.fromEntries(new Headers(init.headers))),
      signal: init.signal ?? undefined,
    } as InternalAxiosRequestConfig;
    let answer: AxiosResponse;
    try {
      answer = await adapter(config);
    } catch (error) {
      if (!(error instanceof AxiosError)) throw error;
      // No answer at all: fetch fails as a browser's does.
      if (!error.response) throw new TypeError('Failed to fetch');
      answer = error.response;
    }
    const body = answer.data === undefined ? null : typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data);
    return new Response(body, { status: answer.status });
  });
  return adapter;
}

/** A network failure: no answer at all. */
export function networkError(config: InternalAxiosRequestConfig): never {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
}

/** The request body a call sent, parsed from JSON. */
export function sentBody(request: InternalAxiosRequestConfig): unknown {
  return typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
}

export function sentHeader(request: InternalAxiosRequestConfig, name: string): unknown {
  return AxiosHeaders.from(request.headers).get(name);
}
