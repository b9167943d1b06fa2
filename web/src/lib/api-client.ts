// The one HTTP client of the app: same-origin calls to the gateway with JSON bodies, carrying the
// session's token (SPEC §4, §6).
//
// axios (about 21 KiB gzip) comes on the app's first call, not with the first load (whose JS has a
// budget: web/scripts/check-budgets.mjs): `api` has the axios instance's call signatures and fetches
// it, with axios, on first use (lib/axios-instance.ts holds it and its interceptors). The first
// screen's public reads, started before React loads (app/first-screen.ts), go through
// `firstScreenApi` instead, a few lines over fetch, so a first visit of /, /all-services or
// /service/{id} downloads no axios at all; their failures have the fields of axios's errors that the
// helpers below and the screens read.
import type { AxiosInstance } from 'axios';
import type { ApiErrorBody, ErrorCode } from '@/types/api';
import { takeCarriedAnswer } from './first-screen-answers';

let instance: Promise<AxiosInstance> | undefined;

/**
 * The app's axios instance (lib/axios-instance.ts, with its interceptors), fetched with axios on the
 * first call and then the same one. A failed download fails that call as a network failure would, and
 * the next call tries again.
 */
export function loadAxiosInstance(): Promise<AxiosInstance> {
  instance ??= import('./axios-instance').then(
    (module) => module.axiosInstance,
    (cause: unknown) => {
      instance = undefined;
      throw new HttpError('Network Error', 'ERR_NETWORK', undefined, { cause });
    },
  );
  return instance;
}

type Calls = Pick<AxiosInstance, 'get' | 'delete' | 'post' | 'put' | 'patch'>;

/** `client[name](…)` once the instance is here, with that method's own signature. */
function deferred<Name extends keyof Calls>(name: Name): Calls[Name] {
  const call = (...args: unknown[]) =>
    loadAxiosInstance().then((client) => Reflect.apply(client[name], client, args) as Promise<unknown>);
  return call as Calls[Name];
}

/** The calls of the app's axios instance (loaded on the first one), as axios types them. */
export const api: Calls = {
  get: deferred('get'),
  delete: deferred('delete'),
  post: deferred('post'),
  put: deferred('put'),
  patch: deferred('patch'),
};

/** What a public read passes: the query's parameters and a way to give up. */
export interface ReadConfig {
  params?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

/** The part of `api` a public read uses; `firstScreenApi` has it too. */
export interface ApiReader {
  get<Data>(url: string, config?: ReadConfig): Promise<{ data: Data; status: number }>;
}

/**
 * A failed call of `firstScreenApi` (or a failed download of axios), with the fields of an axios error
 * that the app reads: `response.status` and `response.data`, `code`, `message`. The `isAxiosError`
 * flag is the one axios's own check reads, so code written for axios's errors reads these alike.
 */
export class HttpError<Body = unknown> extends Error {
  readonly isAxiosError = true;
  constructor(
    message: string,
    readonly code: 'ERR_NETWORK' | 'ERR_CANCELED' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE',
    readonly response?: { status: number; data: Body },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** GET `address` over fetch: its status and its body as axios gives it by default. */
async function fetchAnswer(address: string, signal?: AbortSignal): Promise<{ status: number; data: unknown }> {
  let status: number;
  let text: string;
  try {
    // Public reads: no token, as the gateway asks none (and a refused one cannot end the session here).
    const response = await fetch(address, { signal });
    status = response.status;
    text = await response.text();
  } catch (cause) {
    throw signal?.aborted
      ? new HttpError('canceled', 'ERR_CANCELED', undefined, { cause })
      : new HttpError('Network Error', 'ERR_NETWORK', undefined, { cause });
  }
  // Parsed JSON, else the text as it came.
  try {
    return { status, data: text ? (JSON.parse(text) as unknown) : text };
  } catch {
    // Not JSON (a proxy's error page): kept as text.
    return { status, data: text };
  }
}

async function fetchGet<Data>(url: string, { params = {}, signal }: ReadConfig = {}): Promise<{ data: Data; status: number }> {
  // Unset parameters left out, as axios does; the others URL-encoded (for the first screen's numbers,
  // the very query axios writes, so the browser's cache serves both).
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value != null) query.append(name, String(value));
  const search = query.toString();
  const address = search ? `${url}?${search}` : url;
  // Answered by the document itself when it carries the answer (lib/first-screen-answers.ts).
  const carried = takeCarriedAnswer(address);
  const { status, data } = carried ? { status: carried.status, data: carried.body } : await fetchAnswer(address, signal);
  if (status >= 200 && status < 300) return { data: data as Data, status };
  throw new HttpError(`Request failed with status code ${status}`, status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE', {
    status,
    data,
  });
}

/**
 * GETs of public data for the first screen, over fetch, before React and without axios: the same URLs
 * and answers as `api.get`, and failures that the helpers below read as they read axios's.
 */
export const firstScreenApi: ApiReader = { get: fetchGet };

/** A failed call's error, from axios or from `firstScreenApi`: what the helpers below read. */
export interface ApiError<Body = unknown> {
  message: string;
  code?: string;
  response?: { status: number; data: Body };
}

/** Whether `error` is a failed call's (axios's own check: an object flagged `isAxiosError`). */
export function isApiError<Body = unknown>(error: unknown): error is ApiError<Body> {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** The HTTP status of a failed call's answer; undefined when there was none (or it is another error). */
export function apiErrorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.response?.status : undefined;
}

/** The call got no answer, or a server failure (5xx): the same request may be sent again. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status >= 500;
}

/** The gateway's `{"code": …}` from a failed call: what went wrong, to branch on (never the message). */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  if (!isApiError<Partial<ApiErrorBody> | undefined>(error)) return undefined;
  const code = error.response?.data?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The gateway's `{"message": …}` from a failed call, if it sent one. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!isApiError<Partial<ApiErrorBody> | undefined>(error)) return undefined;
  const message = error.response?.data?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** The gateway's `{"errors": {field: message}}` from a rejected form; empty when it sent none. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError<Partial<ApiErrorBody> | undefined>(error)) return {};
  // Checked, not trusted: a proxy in between may answer with a body of its own.
  const errors: unknown = error.response?.data?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}
