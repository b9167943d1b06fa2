// Whether the page has scrolled past a number of pixels (the header's shadow uses it).
import { useCallback, useSyncExternalStore } from 'react';

function subscribeScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

export function useScrolledPast(pixels: number): boolean {
  const getSnapshot = useCallback(() => window.scrollY > pixels, [pixels]);
  return useSyncExternalStore(subscribeScroll, getSnapshot, () => false);
}
