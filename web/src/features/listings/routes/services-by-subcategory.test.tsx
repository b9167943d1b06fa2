import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serviceDtos } from '@/components/listings/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '../test-utils';
import ServicesBySubcategoryRoute from './services-by-subcategory';

const path = '/services/:category/:subcategory';
const braids = (count: number, from = 0) => serviceDtos(count, from, { category: 'hair', subcategory: 'braiding' });

describe('ServicesBySubcategoryRoute', () => {
  it('titles the page after the subcategory and asks for its first page of 48', async () => {
    const adapter = mockApi({ 'GET /api/subcategory': { status: 200, data: braids(3) } });
    renderRoute(<ServicesBySubcategoryRoute />, { path, url: '/services/hair/ladies-haircut' });

    expect(screen.getByRole('heading', { level: 1, name: 'Ladies haircut Services' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Ladies haircut Services · Mtaani'));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(adapter.mock.calls[0]![0].params).toEqual({
      subcategory: '/services/hair/ladies-haircut',
      limit: 48,
      offset: 0,
    });
  });

  it('loads more with the next offset', async () => {
    const adapter = mockApi({
      'GET /api/subcategory': (request) => ({
        status: 200,
        data: (request.params as { offset: number }).offset === 0 ? braids(48) : braids(2, 48),
      }),
    });
    renderRoute(<ServicesBySubcategoryRoute />, { path, url: '/services/hair/braiding' });
    expect(await screen.findAllByRole('article')).toHaveLength(48);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(50));
    expect(adapter.mock.calls[1]![0].params).toMatchObject({ subcategory: '/services/hair/braiding', offset: 48 });
  });

  it('says so when the subcategory has no services', async () => {
    mockApi({ 'GET /api/subcategory': { status: 200, data: [] } });
    renderRoute(<ServicesBySubcategoryRoute />, { path, url: '/services/home/laundry' });
    expect(await screen.findByText('No services found')).toBeInTheDocument();
  });

  it("shows the server's message when the call fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/subcategory': { status: 503, data: { message: 'The catalog is busy, please retry', code: 'unavailable' } } });
    renderRoute(<ServicesBySubcategoryRoute />, { path, url: '/services/hair/braiding' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The catalog is busy, please retry');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('falls back to its own message when the server sends none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/subcategory': { status: 502 } });
    renderRoute(<ServicesBySubcategoryRoute />, { path, url: '/services/hair/braiding' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services. Please try again.');
  });

  it('asks for nothing without a subcategory', () => {
    const adapter = mockApi({});
    renderRoute(<ServicesBySubcategoryRoute />, { path: '/services/:category', url: '/services/hair' });
    expect(screen.getByRole('alert')).toHaveTextContent('No subcategory provided.');
    expect(adapter).not.toHaveBeenCalled();
  });
});
