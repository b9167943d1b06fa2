// Loads one thing from the API when a screen mounts: loading, error or success, and a retry.
import { useCallback, useEffect, useState } from 'react';

export type RequestState<Data> =
  | { status: 'loading' }
  /** `error` is what the call threw, e.g. for the server's message (apiErrorMessage). */
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: Data };

/**
 * Calls `load` on mount (and again on retry()), aborting it on unmount. `load` must keep its identity
 * between renders: pass a module-level fetcher such as getPackages.
 */
export function useRequest<Data>(
  load: (signal: AbortSignal) => Promise<Data>,
  /** Logged with the error, e.g. 'Failed to load seller packages'. */
  failure: string,
): RequestState<Data> & { retry: () => void } {
  const [state, setState] = useState<RequestState<Data>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ status: 'success', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(failure, error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [load, failure, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { ...state, retry };
}
