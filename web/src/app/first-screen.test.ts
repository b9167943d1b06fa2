import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceDtos } from '@/components/listings/fixtures';
import { categories } from '@/config/categories';
import { peekPrefetched } from '@/lib/prefetch';
import { saveSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { firstPaint, matchPath, startFirstScreen } from './first-screen';

// The pages' code is not what these tests are about: each loader only records that it was called.
const { loaded } = vi.hoisted(() => ({ loaded: [] as string[] }));
vi.mock('./page-code', () => ({
  pageCode: new Proxy(
    {},
    {
      get: (_, name: string) => () => {
        loaded.push(name);
        return Promise.resolve({ default: () => null });
      },
    },
  ),
}));

beforeEach(() => {
  loaded.length = 0;
});

describe('matchPath', () => {
  it('matches whole segments as the router does, with decoded parameters', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/all-services', '/All-Services/')).toEqual({});
    expect(matchPath('/service/:id', '/service/svc%207')).toEqual({ id: 'svc 7' });
    expect(matchPath('/service/:id', '/service')).toBeNull();
    expect(matchPath('/service/:id', '/service/7/photos')).toBeNull();
    expect(matchPath('/service/:id', '/service/%E0%A4%A')).toBeNull();
    expect(matchPath('/all-services', '/all-service')).toBeNull();
  });
});

describe('startFirstScreen', () => {
  it('starts the home page\'s nine category calls, and leaves its code to the app (after the first paint)', async () => {
    const adapter = mockApi(
      Object.fromEntries(categories.map((category) => [`GET /api/services/${category.id}`, { status: 200, data: [] }])),
    );
    expect(startFirstScreen('/')).toBe('home');
    expect(loaded).toEqual([]);
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(9));
    expect(peekPrefetched('home-sections')).toBeDefined();
  });

  it('starts all services with their first page of 48', async () => {
    const adapter = mockApi({ 'GET /api/services': { status: 200, data: [] } });
    expect(startFirstScreen('/all-services')).toBe('allServices');
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(1));
    expect(adapter.mock.calls[0]![0].params).toEqual({ limit: '48', offset: '0' });
  });

  it('starts a service page with its listing', async () => {
    const adapter = mockApi({ 'GET /api/service/svc-7': { status: 200, data: null } });
    expect(startFirstScreen('/service/svc-7')).toBe('serviceDetail');
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(1));
    expect(peekPrefetched('listing:svc-7')).toBeDefined();
  });

  it('names the sign-in page, not the post form, for a visitor of /post-service; its code comes with the app', () => {
    const adapter = mockApi({});
    expect(startFirstScreen('/post-service')).toBe('signIn');
    expect(loaded).toEqual([]);
    expect(adapter).not.toHaveBeenCalled();
  });

  it('fetches the post form for a seller at once', () => {
    saveSession('jwt-1', wanjiru);
    expect(startFirstScreen('/post-service')).toBe('postService');
    expect(loaded).toEqual(['postService']);
  });

  it('fetches the code of a page the first paint does not draw at once', () => {
    expect(startFirstScreen('/search')).toBe('search');
    expect(loaded).toEqual(['search']);
  });

  it('leaves other pages to the router', () => {
    expect(startFirstScreen('/about')).toBeNull();
    expect(startFirstScreen('/no/such/page/here')).toBeNull();
    expect(loaded).toEqual([]);
  });
});

describe('firstPaint', () => {
  it('draws the home page from its answers, with the categories that have services', async () => {
    mockApi(
      Object.fromEntries(
        categories.map((category, index) => [
          `GET /api/services/${category.id}`,
          { status: 200, data: index === 1 ? serviceDtos(2) : [] },
        ]),
      ),
    );
    startFirstScreen('/');
    const screen = await firstPaint('/');
    expect(screen?.page).toBe('home');
    expect(screen?.page === 'home' && screen.sections.map((section) => section.category.id)).toEqual([categories[1]!.id]);
  });

  it('draws nothing for a home page without services, leaving its state to the app', async () => {
    mockApi(Object.fromEntries(categories.map((category) => [`GET /api/services/${category.id}`, { status: 200, data: [] }])));
    startFirstScreen('/');
    expect(await firstPaint('/')).toBeNull();
  });

  it('draws all services, knowing whether a full page may have more', async () => {
    mockApi({ 'GET /api/services': { status: 200, data: serviceDtos(48) } });
    startFirstScreen('/all-services');
    const screen = await firstPaint('/all-services');
    expect(screen?.page === 'allServices' && [screen.listings.length, screen.hasMore]).toEqual([48, true]);
  });

  it('draws nothing for a listing that is not there or could not be loaded', async () => {
    mockApi({
      'GET /api/service/gone': { status: 404, data: { message: 'Service not found' } },
      'GET /api/service/broken': { status: 503, data: { message: 'Service temporarily unavailable' } },
    });
    startFirstScreen('/service/gone');
    startFirstScreen('/service/broken');
    expect(await firstPaint('/service/gone')).toBeNull();
    expect(await firstPaint('/service/broken')).toBeNull();
  });

  it('draws the sign-in form on /signin, and on /post-service for anyone but a seller', async () => {
    expect(await firstPaint('/signin')).toEqual({ page: 'signIn' });
    expect(await firstPaint('/post-service')).toEqual({ page: 'signIn' });
    saveSession('jwt-1', wanjiru);
    expect(await firstPaint('/post-service')).toBeNull();
  });

  it('draws nothing for the other pages', async () => {
    expect(await firstPaint('/about')).toBeNull();
    expect(await firstPaint('/search')).toBeNull();
  });
});
