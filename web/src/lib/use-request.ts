// Loads one thing from the API when a screen mounts: loading, error or success, and a retry.
import { useCallback, useEffect, useRef, useState } from 'react';
import { dropPrefetched, peekPrefetched } from './prefetch';

export type RequestState<Data> =
  | { status: 'loading' }
  /** `error` is what the call threw, e.g. for the server's message (apiErrorMessage). */
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: Data };

const LOADING = { status: 'loading' } as const;

/**
 * Calls `load` on mount (and again on retry()), aborting it on unmount. `load` must keep its identity
 * between renders: pass a module-level fetcher such as getPackages. With `prefetched`, the key of an
 * answer app/first-screen.ts started before this screen's code arrived (lib/prefetch.ts), the first
 * load uses that answer instead, and a finished one is shown from the first render.
 */
export function useRequest<Data>(
  load: (signal: AbortSignal) => Promise<Data>,
  /** Logged with the error, e.g. 'Failed to load seller packages'. */
  failure: string,
  prefetched?: string,
): RequestState<Data> & { retry: () => void } {
  // What was started for this screen, and how it had ended (if it had) when the screen mounted.
  const [early] = useState(() => {
    const entry = peekPrefetched<Data>(prefetched);
    return entry && { entry, shown: entry.settled };
  });
  const [state, setState] = useState<RequestState<Data>>(() => early?.shown ?? LOADING);
  const [attempt, setAttempt] = useState(0);
  const earlyRef = useRef(early);

  useEffect(() => {
    const taken = earlyRef.current;
    earlyRef.current = undefined;
    if (taken) dropPrefetched(prefetched, taken.entry);
    if (taken?.shown) {
      // On screen since the first render.
      if (taken.shown.status === 'error') console.error(failure, taken.shown.error);
      return;
    }
    const controller = new AbortController();
    (taken ? taken.entry.answer : load(controller.signal)).then(
      (data) => setState({ status: 'success', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(failure, error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [load, failure, attempt, prefetched]);

  const retry = useCallback(() => {
    setState(LOADING);
    setAttempt((value) => value + 1);
  }, []);

  return { ...state, retry };
}
