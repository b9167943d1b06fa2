import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/browser';
import { AppProvider } from './provider';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }));

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

function setConnection(online: boolean, controlled: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: controlled ? {} : null },
  });
}

describe('AppProvider error boundary', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(reloadPage).mockClear();
  });

  it('loads the page again when a page fails offline under the service worker (its copy or the offline page)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setConnection(false, true);
    render(
      <AppProvider>
        <Broken />
      </AppProvider>,
    );
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('offers a reload, and does not reload by itself, online or without the worker', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [online, controlled] of [
      [true, true],
      [false, false],
    ] as const) {
      setConnection(online, controlled);
      const { unmount } = render(
        <AppProvider>
          <Broken />
        </AppProvider>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeVisible();
      unmount();
    }
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
