import { renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, useIdempotentSubmissions } from './idempotency';

const config = { headers: new AxiosHeaders() };
const noAnswer = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
function answered(status: number) {
  return new AxiosError('failed', undefined, config, null, { status, statusText: '', headers: {}, config, data: {} });
}

describe('idempotency keys', () => {
  it('are unique', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('repeat for the same content after an unanswered attempt or a server failure', () => {
    const { result } = renderHook(() => useIdempotentSubmissions());
    const first = result.current.keyFor({ subject: 'Hello there' });
    result.current.settle(noAnswer);
    expect(result.current.keyFor({ subject: 'Hello there' })).toBe(first);
    result.current.settle(answered(503));
    expect(result.current.keyFor({ subject: 'Hello there' })).toBe(first);
  });

  it('change with the content, after a success and after a clear refusal', () => {
    const { result } = renderHook(() => useIdempotentSubmissions());
    const first = result.current.keyFor({ subject: 'Hello there' });
    const changed = result.current.keyFor({ subject: 'Hello again' });
    expect(changed).not.toBe(first);

    result.current.settle();
    const afterSuccess = result.current.keyFor({ subject: 'Hello again' });
    expect(afterSuccess).not.toBe(changed);

    result.current.settle(answered(422));
    expect(result.current.keyFor({ subject: 'Hello again' })).not.toBe(afterSuccess);
  });
});
