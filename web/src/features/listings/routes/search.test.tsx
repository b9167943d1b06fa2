import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router-dom';
import { serviceDto } from '@/components/listings/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '../test-utils';
import SearchRoute from './search';

const path = '/search';

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
    });
    renderRoute(<SearchRoute />, { path, url: '/search?q=%20braids%20' });

    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "braids"' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Knotless Braids by Achieng' })).toBeInTheDocument();
    expect(adapter.mock.calls[0]![0].params).toEqual({ query: 'braids', limit: 48, offset: 0 });
  });

  it('says so when nothing matches', async () => {
    mockApi({ 'GET /api/services/search': { status: 200, data: [] } });
    renderRoute(<SearchRoute />, { path, url: '/search?q=zzz' });
    expect(await screen.findByText('No services found')).toBeInTheDocument();
  });

  it('shows its own message when the search fails, whatever the server says', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/services/search': { status: 503, data: { message: 'Search index rebuilding', code: 'unavailable' } } });
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
});
