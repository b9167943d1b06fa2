// The app's axios instance, with the session's token on every call and the session ended when the
// server refuses it. Loaded with axios on the app's first call (lib/api-client.ts, which every caller
// goes through), so neither weighs on the first load.
import axios, { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { language } from './i18n';
import { expireSession, readSession } from './session';

// No time-out, as SPEC §7 says; callers pass an AbortSignal when they may give up. The server answers
// (error messages, and the e-mails and texts a booking sends) in the app's language.
export const axiosInstance = axios.create({
  baseURL: '',
  headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
});

/** The sign-in call answers 401 for a wrong password; that says nothing about a stored session. */
const LOGIN_URL = '/api/login';

axiosInstance.interceptors.request.use((config) => {
  const token = readSession()?.token;
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

axiosInstance.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401 && error.config) {
    const token = sentToken(error.config);
    // A refused token ends the session (and the app sends the visitor to /signin); a 401 naming a
    // field (a wrong password confirming an account's deletion) is the form's answer, not the token's.
    const data = error.response.data as { errors?: unknown } | undefined;
    if (token && error.config.url !== LOGIN_URL && !data?.errors) expireSession(token);
  }
  throw error;
});

function sentToken(config: InternalAxiosRequestConfig): string | null {
  const header = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}
