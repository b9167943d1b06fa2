import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerWorker, showConnection } from './start';

const OFFLINE = 'You are offline. Listings you have opened before still open.';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the connection banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('is an empty status while online, so that it takes no room and is announced when it speaks', () => {
    const banner = showConnection();
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toBeEmptyDOMElement();
    expect(banner.parentElement).toBe(document.body);
  });

  it('says when the connection goes, then for a moment that it is back', () => {
    const banner = showConnection();
    goOffline(true);
    expect(banner).toHaveTextContent(OFFLINE);
    expect(banner).toHaveAttribute('data-state', 'offline');
    goOffline(false);
    expect(banner).toHaveTextContent('You are back online.');
    vi.advanceTimersByTime(4000);
    expect(banner).toBeEmptyDOMElement();
    expect(banner).not.toHaveAttribute('data-state');
  });

  it('says so at once on a page opened offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(showConnection()).toHaveTextContent(OFFLINE);
  });
});

describe('registerWorker', () => {
  function container(controlled: boolean) {
    const postMessage = vi.fn();
    const register = vi.fn(() => Promise.resolve({}));
    const fake = {
      controller: controlled ? {} : null,
      register,
      ready: Promise.resolve({ active: { postMessage } }),
    } as unknown as ServiceWorkerContainer;
    return { fake, register, postMessage };
  }

  it('registers /sw.js for the whole site in the page’s language', async () => {
    const { fake, register } = container(true);
    await registerWorker(fake);
    expect(register).toHaveBeenCalledWith('/sw.js?lang=en', { scope: '/' });
  });

  it('hands a page the worker did not load over to it, with the files it loaded from this site', async () => {
    const { fake, postMessage } = container(false);
    const entries = [`${location.origin}/assets/a.js`, `${location.origin}/media/1-720.webp`, 'https://other.test/assets/b.js', `${location.origin}/api/services`];
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(entries.map((name) => ({ name })) as PerformanceEntryList);
    await registerWorker(fake);
    expect(postMessage).toHaveBeenCalledWith({
      type: 'keep',
      page: location.href,
      files: [`${location.origin}/assets/a.js`, `${location.origin}/media/1-720.webp`],
    });
  });

  it('tells a worker that loaded the page nothing more', async () => {
    const { fake, postMessage } = container(true);
    await registerWorker(fake);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
