import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { peekPrefetched, prefetch } from './prefetch';
import { useRequest } from './use-request';

afterEach(() => {
  vi.useRealTimers();
});

describe('prefetch', () => {
  it('starts the call once, and records how it ended', async () => {
    const load = vi.fn(() => Promise.resolve(['braids']));
    prefetch('list', load);
    prefetch('list', load);

    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(peekPrefetched('list')?.settled).toEqual({ status: 'success', data: ['braids'] }));
  });

  it('keeps a failure quiet until a screen takes it', async () => {
    const failure = new Error('offline');
    prefetch('list', () => Promise.reject(failure));

    await waitFor(() => expect(peekPrefetched('list')?.settled).toEqual({ status: 'error', error: failure }));
  });

  it('forgets an answer nobody took within 30 s', () => {
    vi.useFakeTimers();
    prefetch('list', () => new Promise(() => undefined));
    expect(peekPrefetched('list')).toBeDefined();

    vi.advanceTimersByTime(30_000);
    expect(peekPrefetched('list')).toBeUndefined();
  });
});

describe('useRequest with a prefetched answer', () => {
  it('shows an answer that arrived before the screen from its first render, without calling again', async () => {
    prefetch('listing:1', () => Promise.resolve('Knotless braids'));
    await waitFor(() => expect(peekPrefetched('listing:1')?.settled).not.toBeNull());
    const load = vi.fn(() => Promise.resolve('again'));

    const { result } = renderHook(() => useRequest(load, 'Failed to load', 'listing:1'));

    expect(result.current).toMatchObject({ status: 'success', data: 'Knotless braids' });
    expect(load).not.toHaveBeenCalled();
    // Taken once: the next screen asks the server.
    await waitFor(() => expect(peekPrefetched('listing:1')).toBeUndefined());
  });

  it('waits for an answer still on its way instead of asking again', async () => {
    let answer!: (value: string) => void;
    prefetch('listing:1', () => new Promise<string>((resolve) => (answer = resolve)));
    const load = vi.fn(() => Promise.resolve('again'));

    const { result } = renderHook(() => useRequest(load, 'Failed to load', 'listing:1'));
    expect(result.current.status).toBe('loading');

    answer('Knotless braids');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'Knotless braids' }));
    expect(load).not.toHaveBeenCalled();
  });

  it('shows a failed answer as the error, and asks the server again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    prefetch('listing:1', () => Promise.reject(new Error('offline')));
    await waitFor(() => expect(peekPrefetched('listing:1')?.settled).not.toBeNull());
    const load = vi.fn(() => Promise.resolve('Knotless braids'));

    const { result } = renderHook(() => useRequest(load, 'Failed to load', 'listing:1'));
    expect(result.current.status).toBe('error');

    act(() => result.current.retry());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'Knotless braids' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('calls the server when nothing was started for it', async () => {
    const load = vi.fn(() => Promise.resolve('Knotless braids'));

    const { result } = renderHook(() => useRequest(load, 'Failed to load', 'listing:1'));

    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'Knotless braids' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
