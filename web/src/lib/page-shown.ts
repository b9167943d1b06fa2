// Tells the entry when the first page is on screen and live: the page itself, not only the frame around
// it (the page renders inside a Suspense boundary of its own, which React hydrates after the frame).
import { useEffect } from 'react';

let onShown: (() => void) | undefined;

/** `callback` runs once, when the first page has rendered (or been hydrated). */
export function whenPageShown(callback: () => void): void {
  onShown = callback;
}

/** Rendered after the page, inside its boundary (components/layouts/main-layout.tsx). */
export function PageShown() {
  useEffect(() => {
    const callback = onShown;
    onShown = undefined;
    callback?.();
  }, []);
  return null;
}
