import { beforeEach, describe, expect, it, vi } from 'vitest';
import { categories } from '@/config/categories';
import { peekPrefetched } from '@/lib/prefetch';
import { saveSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { matchPath, serverRenderedPage, startFirstScreen } from './first-screen';

// The pages' code is not what these tests are about: each loader only records that it was called.
const { loaded } = vi.hoisted(() => ({ loaded: [] as string[] }));
vi.mock('./page-table', async (importOriginal) => {
  const { pageTable } = await importOriginal<typeof import('./page-table')>();
  const recorded = Object.entries(pageTable).map(([name, page]) => [
    name,
    {
      ...page,
      code: () => {
        loaded.push(name);
        return Promise.resolve({ default: () => null });
      },
    },
  ]);
  return { pageTable: Object.fromEntries(recorded) as typeof pageTable };
});

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
  it('starts the home page\'s nine category calls and its code', async () => {
    const adapter = mockApi(
      Object.fromEntries(categories.map((category) => [`GET /api/services/${category.id}`, { status: 200, data: [] }])),
    );
    expect(startFirstScreen('/')).toBe('home');
    expect(loaded).toEqual(['home']);
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(9));
    expect(peekPrefetched('home-sections')).toBeDefined();
  });

  it('leaves the code to the app when asked to (a page the server rendered)', () => {
    mockApi({ 'GET /api/services': { status: 200, data: [] } });
    expect(startFirstScreen('/all-services', '', { code: false })).toBe('allServices');
    expect(loaded).toEqual([]);
  });

  it('starts all services with their first page of 48', async () => {
    const adapter = mockApi({ 'GET /api/services': { status: 200, data: [] } });
    expect(startFirstScreen('/all-services')).toBe('allServices');
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(1));
    expect(adapter.mock.calls[0]![0].params).toEqual({ limit: '48', offset: '0' });
  });

  it('starts a service page with its listing, its provider, its team and the first page of its reviews', async () => {
    const adapter = mockApi({
      'GET /api/service/svc-7': { status: 200, data: null },
      'GET /api/service/svc-7/provider': { status: 200, data: null },
      'GET /api/service/svc-7/team': { status: 200, data: [] },
      'GET /api/service/svc-7/reviews': { status: 200, data: null },
    });
    expect(startFirstScreen('/service/svc-7')).toBe('serviceDetail');
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(4));
    expect(adapter.mock.calls.map(([config]) => [config.url, config.params as unknown])).toEqual([
      ['/api/service/svc-7', undefined],
      ['/api/service/svc-7/provider', undefined],
      ['/api/service/svc-7/team', undefined],
      ['/api/service/svc-7/reviews', { limit: '5', offset: '0' }],
    ]);
    expect(peekPrefetched('listing:svc-7')).toBeDefined();
    expect(peekPrefetched('listing-provider:svc-7')).toBeDefined();
    expect(peekPrefetched('listing-team:svc-7')).toBeDefined();
    expect(peekPrefetched('reviews:svc-7')).toBeDefined();
  });

  it('starts the first page of a search (and its reading), a location (and its place) and a subcategory, as their hooks ask for it', async () => {
    const adapter = mockApi({
      'GET /api/services/search': { status: 200, data: [] },
      'GET /api/services/search/scope': { status: 200, data: { place: null, words: 'braids', nearby: false, total: 0 } },
      'GET /api/services': { status: 200, data: [] },
      'GET /api/places': { status: 200, data: [] },
      'GET /api/subcategory': { status: 200, data: [] },
    });
    expect(startFirstScreen('/search', '?q=%20braids%20')).toBe('search');
    expect(startFirstScreen('/services/location/Nairobi%20CBD')).toBe('servicesByLocation');
    expect(startFirstScreen('/services/hair/braids')).toBe('servicesBySubcategory');
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(5));
    expect(adapter.mock.calls.map(([config]) => [config.url, config.params as unknown])).toEqual([
      ['/api/services/search', { query: 'braids', limit: '48', offset: '0' }],
      ['/api/services/search/scope', { query: 'braids' }],
      ['/api/services', { location: 'Nairobi CBD', limit: '48', offset: '0' }],
      ['/api/places', { name: 'Nairobi CBD' }],
      ['/api/subcategory', { subcategory: '/services/hair/braids', limit: '48', offset: '0' }],
    ]);
    expect(peekPrefetched('/api/services/search?query=braids')).toBeDefined();
    expect(peekPrefetched('search-scope:braids')).toBeDefined();
    expect(peekPrefetched('/api/services?location=Nairobi+CBD')).toBeDefined();
    expect(peekPrefetched('place-named:Nairobi CBD')).toBeDefined();
    expect(peekPrefetched('/api/subcategory?subcategory=%2Fservices%2Fhair%2Fbraids')).toBeDefined();
  });

  it('starts no call for a search without words', () => {
    const adapter = mockApi({});
    expect(startFirstScreen('/search', '?q=%20')).toBe('search');
    expect(adapter).not.toHaveBeenCalled();
  });

  it('names the sign-in page, not the post form, for a visitor of /post-service', () => {
    const adapter = mockApi({});
    expect(startFirstScreen('/post-service')).toBe('signIn');
    expect(loaded).toEqual(['signIn']);
    expect(adapter).not.toHaveBeenCalled();
  });

  it('fetches the post form for a seller', () => {
    saveSession('jwt-1', wanjiru);
    expect(startFirstScreen('/post-service')).toBe('postService');
    expect(loaded).toEqual(['postService']);
  });

  it('leaves other pages to the router', () => {
    expect(startFirstScreen('/about')).toBeNull();
    expect(startFirstScreen('/no/such/page/here')).toBeNull();
    expect(loaded).toEqual([]);
  });
});

describe('serverRenderedPage', () => {
  it('names the public pages, the same for every visitor', () => {
    expect(serverRenderedPage('/')).toBe('home');
    expect(serverRenderedPage('/All-Services/')).toBe('allServices');
    expect(serverRenderedPage('/service/svc-7')).toBe('serviceDetail');
    expect(serverRenderedPage('/search')).toBe('search');
    expect(serverRenderedPage('/services/location/Nakuru')).toBe('servicesByLocation');
    expect(serverRenderedPage('/services/hair/braids')).toBe('servicesBySubcategory');
    expect(serverRenderedPage('/signin')).toBe('signIn');
  });

  it('leaves the pages that depend on the visitor, and the others, to the browser', () => {
    for (const path of ['/post-service', '/account', '/admin', '/about', '/service', '/no/such/page']) {
      expect(serverRenderedPage(path), path).toBeNull();
    }
  });
});
