import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router-dom';
import { serviceDto } from '@/components/listings/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '../test-utils';
import SearchRoute from './search';

const path = '/search';

/** How the search read words that name no place. */
const NO_PLACE = { status: 200, data: { place: null, words: 'braids', nearby: false, total: 1 } };
const SCOPE = 'GET /api/services/search/scope';

describe('SearchRoute', () => {
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
    expect(await screen.findByText('No massage in Nairobi yet — massage near Nairobi:')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Tranquil Touch ASMR Massage' })).toBeInTheDocument();
  });

  it('says when nothing at all is in the place named', async () => {
    const kasarani = { id: 'nairobi.kasarani', name: 'Kasarani', ward: null, subCounty: 'Kasarani', county: 'Nairobi' };
    mockApi({
      'GET /api/services/search': { status: 200, data: [serviceDto(1)] },
      [SCOPE]: { status: 200, data: { place: kasarani, words: '', nearby: true, total: 1 } },
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=kasarani' });
    expect(await screen.findByText('Nothing in Kasarani yet — the nearest to Kasarani:')).toBeInTheDocument();
  });
});
