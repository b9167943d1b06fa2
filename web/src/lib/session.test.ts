import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearSession,
  firstName,
  isSeller,
  parseStoredUser,
  readSession,
  saveSession,
} from './session';
import { useSession } from './use-session';

const amina = { userName: 'Amina Wanjiru', accountType: 'seller' };

describe('parseStoredUser', () => {
  it('reads a stored user object', () => {
    expect(parseStoredUser(JSON.stringify(amina))).toMatchObject(amina);
  });

  it('rejects text that is not a JSON object', () => {
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser('undefined')).toBeNull();
    expect(parseStoredUser('null')).toBeNull();
    expect(parseStoredUser('"Amina"')).toBeNull();
    expect(parseStoredUser('[1,2]')).toBeNull();
  });
});

describe('readSession', () => {
  it('is signed in only when both token and user are stored', () => {
    expect(readSession()).toBeNull();
    localStorage.setItem('token', 'jwt-1');
    expect(readSession()).toBeNull();
    localStorage.setItem('user', JSON.stringify(amina));
    expect(readSession()).toMatchObject({ token: 'jwt-1', user: amina });
    localStorage.removeItem('token');
    expect(readSession()).toBeNull();
  });

  it('clears the session when the stored user cannot be parsed', () => {
    localStorage.setItem('token', 'jwt-1');
    localStorage.setItem('user', '{broken');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('returns the same object while storage is unchanged', () => {
    saveSession('jwt-1', amina);
    expect(readSession()).toBe(readSession());
  });
});

describe('saveSession and clearSession', () => {
  it('store and remove the token and the user', () => {
    saveSession('jwt-2', amina);
    expect(localStorage.getItem('token')).toBe('jwt-2');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(amina);
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('useSession', () => {
  it('follows sign-in and logout', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => saveSession('jwt-3', amina));
    expect(result.current?.user.userName).toBe('Amina Wanjiru');
    act(() => clearSession());
    expect(result.current).toBeNull();
  });
});

describe('user helpers', () => {
  it('takes the first word of the user name', () => {
    expect(firstName('Amina Wanjiru')).toBe('Amina');
    expect(firstName('  Otieno ')).toBe('Otieno');
    expect(firstName('')).toBe('');
  });

  it('marks sellers by accountType', () => {
    expect(isSeller({ userName: 'A', accountType: 'seller' })).toBe(true);
    expect(isSeller({ userName: 'B', accountType: 'buyer' })).toBe(false);
    expect(isSeller(null)).toBe(false);
  });
});
