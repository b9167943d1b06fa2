import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router-dom';
import { serviceDto } from '@/components/listings/fixtures';
import { chooseArea } from '@/lib/area-state';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '../test-utils';
import SearchRoute from './search';

const path = '/search';

/** How the search read words that name no place. */
const NO_PLACE = { status: 200, data: { place: null, words: 'braids', nearby: false, total: 1 } };
const SCOPE = 'GET /api/services/search/scope';

describe('SearchRoute', () => {
  afterEach(() => chooseArea(null));
  it.each(['/search', '/search?q=', '/search?q=%20%20'])('asks the visitor for words at %s', (url) => {
    const adapter = mockApi({});
    renderRoute(<SearchRoute />, { path, url });
    expect(screen.getByRole('alert')).toHaveTextContent('No search query provided.');
    expect(adapter).not.toHaveBeenCalled();
  });

  it('shows the results for the trimmed query', async () => {
    const adapter = mockApi({
      'GET /api/services/search': { status: 200, data: [serviceDto(1, { name: 'Knotless Braids by Achieng' })] },
      [SCOPE]: NO_PLACE,
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=%20braids%20' });

    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "braids"' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Knotless Braids by Achieng' })).toBeInTheDocument();
    const asked = (path: string): unknown => adapter.mock.calls.find(([config]) => config.url === path)?.[0].params as unknown;
    expect(asked('/api/services/search')).toEqual({ query: 'braids', limit: 48, offset: 0 });
    expect(asked('/api/services/search/scope')).toEqual({ query: 'braids' });
    expect(screen.queryByText(/yet/)).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    mockApi({ 'GET /api/services/search': { status: 200, data: [] }, [SCOPE]: NO_PLACE });
    renderRoute(<SearchRoute />, { path, url: '/search?q=zzz' });
    expect(await screen.findByText('No services found')).toBeInTheDocument();
  });

  it('shows its own message when the search fails, whatever the server says', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/services/search': { status: 503, data: { message: 'Search index rebuilding', code: 'unavailable' } },
      [SCOPE]: { status: 503, data: { message: 'Search index rebuilding', code: 'unavailable' } },
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=nails' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load search results. Please try again.');
  });

  it('starts again for a new query without showing the old results', async () => {
    let answer!: (reply: { status: number; data: unknown }) => void;
    mockApi({
      'GET /api/services/search': (request) =>
        (request.params as { query: string }).query === 'nails'
          ? { status: 200, data: [serviceDto(1, { name: 'Nail Bar' })] }
          : new Promise((resolve) => (answer = resolve)),
      [SCOPE]: NO_PLACE,
    });
    renderRoute(
      <>
        <SearchRoute />
        <Link to="/search?q=makeup">Search makeup</Link>
      </>,
      { path, url: '/search?q=nails' },
    );
    expect(await screen.findByRole('link', { name: 'Nail Bar' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Search makeup' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "makeup"' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nail Bar' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading services…');
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer({ status: 200, data: [serviceDto(2, { name: 'Glam Studio' })] });
    expect(await screen.findByRole('link', { name: 'Glam Studio' })).toBeInTheDocument();
  });

  it('says when nothing in the place named matched, and that the nearest follow', async () => {
    const nairobi = { id: 'nairobi', name: 'Nairobi', ward: null, subCounty: null, county: 'Nairobi' };
    mockApi({
      'GET /api/services/search': { status: 200, data: [serviceDto(1, { name: 'Tranquil Touch ASMR Massage' })] },
      [SCOPE]: { status: 200, data: { place: nairobi, words: 'massage', nearby: true, total: 1 } },
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=massage%20nairobi' });
    expect(await screen.findByText('No massage in Nairobi yet. The nearest:')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Tranquil Touch ASMR Massage' })).toBeInTheDocument();
    // The nearest are the order: no best match to offer; one listing is one service.
    expect(screen.getByText('Nearest to Nairobi first')).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('distance');
    expect(within(sort).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();
    expect(screen.getByText('1 service shown')).toBeInTheDocument();
  });

  it('is the best match first from the visitor’s area, and nearest first when asked', async () => {
    chooseArea({ near: '-1.218,36.897', label: 'Kasarani' });
    const adapter = mockApi({
      'GET /api/services/search': { status: 200, data: [serviceDto(1, { distanceKm: 33.3 }), serviceDto(2, { distanceKm: 8.8 })] },
      [SCOPE]: { status: 200, data: { place: null, words: 'kinyozi', nearby: false, total: 2 } },
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=kinyozi' });
    expect(await screen.findByText('Best match near Kasarani')).toBeInTheDocument();
    expect(await screen.findByText('2 services shown')).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('recommended');
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Best match',
      'Nearest first',
      'Top rated',
      'Price: low to high',
      'Price: high to low',
      'Newest',
    ]);
    const searched = () =>
      adapter.mock.calls.filter(([config]) => config.url === '/api/services/search').map(([config]) => config.params as unknown);
    expect(searched()[0]).toEqual({ query: 'kinyozi', near: '-1.218,36.897', limit: 48, offset: 0 });

    await userEvent.selectOptions(sort, 'Nearest first');
    expect(await screen.findByText('Nearest to Kasarani first')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(searched().at(-1)).toEqual({ query: 'kinyozi', sort: 'distance', near: '-1.218,36.897', limit: 48, offset: 0 }),
    );
  });

  it('measures from the place the words name, not the visitor’s area', async () => {
    chooseArea({ near: '-1.218,36.897', label: 'Kasarani' });
    const kilimani = { id: 'nairobi.dagoretti-north.kilimani', name: 'Kilimani', ward: 'Kilimani', subCounty: 'Dagoretti North', county: 'Nairobi' };
    mockApi({
      'GET /api/services/search': { status: 200, data: [serviceDto(1, { distanceKm: 0.4 })] },
      [SCOPE]: { status: 200, data: { place: kilimani, words: 'nails', nearby: false, total: 1 } },
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=nails%20kilimani' });
    expect(await screen.findByText('Best match near Kilimani')).toBeInTheDocument();
    expect(screen.queryByText(/Kasarani/)).not.toBeInTheDocument();
  });

  it('says when nothing at all is in the place named', async () => {
    const kasarani = { id: 'nairobi.kasarani', name: 'Kasarani', ward: null, subCounty: 'Kasarani', county: 'Nairobi' };
    mockApi({
      'GET /api/services/search': { status: 200, data: [serviceDto(1)] },
      [SCOPE]: { status: 200, data: { place: kasarani, words: '', nearby: true, total: 1 } },
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=kasarani' });
    expect(await screen.findByText('Nothing in Kasarani yet. The nearest:')).toBeInTheDocument();
  });

  it.each([
    ['kinyozi', null, 'No kinyozi listed yet. Close to it:'],
    ['braids kasarani', { kind: 'hair/braiding', words: 'braids', noneOfIt: false }, 'No braids in Kasarani yet. The nearest:'],
    ['kinyozi kasarani', null, 'No kinyozi listed yet. Close to it:'],
  ])('for "%s" says first what none is listed of, then what is not in the place', async (q, listed, lead) => {
    const kasarani = { id: 'nairobi.kasarani', name: 'Kasarani', ward: null, subCounty: 'Kasarani', county: 'Nairobi' };
    const place = q.endsWith('kasarani') ? kasarani : null;
    const wanted = listed ?? { kind: 'barber', words: 'kinyozi', noneOfIt: true };
    const words = wanted.words;
    mockApi({
      'GET /api/services/search': { status: 200, data: [serviceDto(1)] },
      [SCOPE]: { status: 200, data: { place, words, nearby: place !== null, total: 1, wanted } },
    });
    renderRoute(<SearchRoute />, { path, url: `/search?q=${encodeURIComponent(q)}` });
    expect(await screen.findByText(lead)).toBeInTheDocument();
    expect(screen.getAllByText(/yet\./)).toHaveLength(1);
  });
});
