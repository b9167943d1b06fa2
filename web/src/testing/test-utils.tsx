// Helpers for component tests: render inside a memory router (and the app's toasts) and read where
// the app navigated.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders `ui` for every path, starting at `route` (a URL, or a location with router state); the
 * current URL is in getByTestId('location'). With `path`, `ui` is rendered at that pattern only (it
 * reads its URL parameters), and any other path shows 'Elsewhere'.
 */
export function renderWithRouter(ui: ReactElement, { route = '/', path }: { route?: InitialEntry; path?: string } = {}) {
  return render(
    <ToastProvider>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path ?? '*'} element={ui} />
          {path && <Route path="*" element={<p>Elsewhere</p>} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ToastProvider>,
  );
}

/** The path and query the app is showing (after a navigation). */
export function currentUrl(): string | null {
  return document.querySelector('[data-testid="location"]')?.textContent ?? null;
}

/** Makes window.matchMedia answer `matches` for every query (jsdom has none). */
export function stubMatchMedia(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}
