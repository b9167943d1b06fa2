import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './api-client';
import { useSubmission } from './use-submission';

const noAnswer = () => Promise.reject(new HttpError('Network Error', 'ERR_NETWORK'));
const refused = () =>
  Promise.reject(new HttpError('Request failed', 'ERR_BAD_REQUEST', { status: 422, data: { message: 'Name is too long' } }));

async function failure(send: () => Promise<unknown>, offlineMessage?: string): Promise<string | undefined> {
  const onFailed = vi.fn<(message: string) => void>();
  const { result } = renderHook(() => useSubmission('Failed to send', offlineMessage));
  await act(async () => {
    result.current.submit(send, { onFailed });
    await Promise.resolve();
  });
  return onFailed.mock.calls[0]?.[0];
}

describe('useSubmission', () => {
  it('falls back to its message when a call gets no answer online', async () => {
    expect(await failure(noAnswer)).toBe('Failed to send');
  });

  it('says that nothing was sent when the browser is offline, or what the form says then', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await failure(noAnswer)).toBe('You are offline. Nothing was sent: please try again once you are back online.');
    expect(await failure(noAnswer, 'You are offline. Your booking was not sent.')).toBe('You are offline. Your booking was not sent.');
  });

  it("shows the server's message when there was an answer, offline or not", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await failure(refused)).toBe('Name is too long');
  });
});
