import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceDtos as services } from '@/components/listings/fixtures';
import { chooseArea } from '@/lib/area-state';
import { reloadPage } from '@/lib/browser';
import { renderWithRouter } from '@/testing/test-utils';
import type { ServiceDto } from '@/types/api';
import { prefetchAllListings } from '../api/get-listings';
import AllServicesRoute from './all-services';

const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/lib/api-client', () => ({ api: { get }, firstScreenApi: { get } }));
vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }));

const answer = (data: ServiceDto[]) => Promise.resolve({ data });

function cards() {
  return screen.queryAllByRole('article');
}

describe('AllServicesRoute', () => {
  beforeEach(() => {
    get.mockReset();
    chooseArea(null);
  });

  it('lists from the visitor’s area nearest first, with distances, and again when the area changes', async () => {
    chooseArea({ near: '-1.218,36.897', label: 'Kasarani' });
    get.mockReturnValue(answer(services(2, 0, { distanceKm: 2.4 })));
    renderWithRouter(<AllServicesRoute />, { route: '/all-services' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(get).toHaveBeenLastCalledWith(
      '/api/services',
      expect.objectContaining({ params: { near: '-1.218,36.897', limit: 48, offset: 0 } }),
    );
    expect(within(cards()[0]!).getByText('2.4 km · Kilimani')).toBeInTheDocument();
    expect(screen.getByText('Nearest to Kasarani first')).toBeInTheDocument();
    // Nearest first is the order; Recommended must be asked for.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('distance');
    await userEvent.selectOptions(sort, 'Recommended');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/services',
        expect.objectContaining({ params: { sort: 'recommended', near: '-1.218,36.897', limit: 48, offset: 0 } }),
      ),
    );
    // The line says the order now in force, from the same area.
    expect(screen.getByText('Recommended near Kasarani')).toBeInTheDocument();
    expect(screen.queryByText('Nearest to Kasarani first')).not.toBeInTheDocument();

    get.mockReturnValue(answer(services(1)));
    act(() => chooseArea({ placeId: 'nairobi~lavington', label: 'Lavington' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/services',
        expect.objectContaining({ params: { sort: 'recommended', placeId: 'nairobi~lavington', limit: 48, offset: 0 } }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/services',
        expect.objectContaining({ params: { sort: 'recommended', limit: 48, offset: 0 } }),
      ),
    );
  });

  it('shows the first page started before the screen loaded, without asking again', async () => {
    get.mockReturnValue(answer(services(3)));
    prefetchAllListings();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/services', expect.objectContaining({ params: { limit: 48, offset: 0 } }));

    renderWithRouter(<AllServicesRoute />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('lists in the order picked, kept in the address and asked of the API', async () => {
    get.mockReturnValue(answer(services(2)));
    renderWithRouter(<AllServicesRoute />, { route: '/all-services' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(get).toHaveBeenLastCalledWith('/api/services', expect.objectContaining({ params: { limit: 48, offset: 0 } }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Top rated');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/services',
        expect.objectContaining({ params: { sort: 'rating', limit: 48, offset: 0 } }),
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/all-services?sort=rating');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
  });

  it('shows skeleton cards while loading', async () => {
    get.mockReturnValue(new Promise(() => {}));
    renderWithRouter(<AllServicesRoute />, { route: '/all-services' });
    expect(screen.getByRole('heading', { level: 1, name: 'All Services' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading services…');
    await waitFor(() => expect(document.title).toBe('All Services · Mtaani'));
  });

  it('asks for the first page of 48', async () => {
    get.mockReturnValue(answer(services(3)));
    renderWithRouter(<AllServicesRoute />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(get).toHaveBeenCalledWith('/api/services', expect.objectContaining({ params: { limit: 48, offset: 0 } }));
  });

  it('shows the services with their details and no Load more after a short page', async () => {
    get.mockReturnValue(answer(services(5)));
    renderWithRouter(<AllServicesRoute />);
    await waitFor(() => expect(cards()).toHaveLength(5));
    const first = within(cards()[0]!);
    expect(first.getByRole('link', { name: 'Service 0' })).toHaveAttribute('href', '/service/svc-0');
    expect(first.getByText('Ksh 1,500 - Ksh 4,500')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('appends the next page when Load more is pressed after a full page', async () => {
    get.mockReturnValueOnce(answer(services(48))).mockReturnValueOnce(answer(services(10, 48)));
    renderWithRouter(<AllServicesRoute />);
    await waitFor(() => expect(cards()).toHaveLength(48));

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(cards()).toHaveLength(58));
    expect(get).toHaveBeenLastCalledWith(
      '/api/services',
      expect.objectContaining({ params: { limit: 48, offset: 48 } }),
    );
    expect(screen.getByRole('link', { name: 'Service 57' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the list and offers Load more again when the next page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    get.mockReturnValueOnce(answer(services(48))).mockRejectedValueOnce(new Error('offline'));
    renderWithRouter(<AllServicesRoute />);
    await waitFor(() => expect(cards()).toHaveLength(48));

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services. Please try again later.');
    expect(cards()).toHaveLength(48);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('says so when there are no services', async () => {
    get.mockReturnValue(answer([]));
    renderWithRouter(<AllServicesRoute />);
    expect(await screen.findByText('No services found')).toBeInTheDocument();
  });

  it('shows the error with a Try Again button that reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    get.mockRejectedValue(new Error('Request failed with status code 503'));
    renderWithRouter(<AllServicesRoute />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load services. Please try again later.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
