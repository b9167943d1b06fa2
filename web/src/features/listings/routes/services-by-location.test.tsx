import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { serviceDtos } from '@/components/listings/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '../test-utils';
import ServicesByLocationRoute from './services-by-location';

const path = '/services/location/:locationName';
/** The name is no place's: the page reads it as written. */
const noPlace = { 'GET /api/places': { status: 200, data: [] } };

describe('ServicesByLocationRoute', () => {
  it('lists the services of the decoded town name', async () => {
    const adapter = mockApi({
      ...noPlace,
      'GET /api/services': { status: 200, data: serviceDtos(2, 0, { location: 'Milimani, Nakuru' }) },
    });
    renderRoute(<ServicesByLocationRoute />, { path, url: '/services/location/Nakuru%20Town' });

    expect(screen.getByRole('heading', { level: 1, name: 'Services in Nakuru Town' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const calls = adapter.mock.calls.map(([request]): unknown[] => [request.url, request.params]);
    expect(calls).toContainEqual(['/api/services', { location: 'Nakuru Town', limit: 48, offset: 0 }]);
    expect(calls).toContainEqual(['/api/places', { name: 'Nakuru Town' }]);
  });

  it('names a place with the areas it lies in, and offers another place or all of them', async () => {
    mockApi({
      'GET /api/places': {
        status: 200,
        data: [{ id: 'nairobi.kasarani', name: 'Kasarani', kind: 'subCounty', county: 'Nairobi', subCounty: 'Kasarani', lat: -1.22, lng: 36.9, page: 'Kasarani' }],
      },
      'GET /api/services': { status: 200, data: serviceDtos(1, 0, { location: 'Kasarani' }) },
    });
    renderRoute(<ServicesByLocationRoute />, { path, url: '/services/location/Kasarani' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Services in Kasarani, Nairobi' })).toBeInTheDocument();
    expect(screen.getByText('Trusted providers in and around Kasarani, Nairobi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Another place' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All places' })).toHaveAttribute('href', '/all-services');
  });

  it("shows the server's message, else its own, when the call fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ ...noPlace, 'GET /api/services': { status: 400, data: { message: 'Unknown location', code: 'validation' } } });
    const { unmount } = renderRoute(<ServicesByLocationRoute />, { path, url: '/services/location/Mars' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown location');
    unmount();

    mockApi({ ...noPlace, 'GET /api/services': { status: 500 } });
    renderRoute(<ServicesByLocationRoute />, { path, url: '/services/location/Thika' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services. Please try again.');
  });

  it('says so when the town has no services', async () => {
    mockApi({ ...noPlace, 'GET /api/services': { status: 200, data: [] } });
    renderRoute(<ServicesByLocationRoute />, { path, url: '/services/location/Thika' });
    expect(await screen.findByText('No services found')).toBeInTheDocument();
  });

  it('asks for nothing without a location', () => {
    const adapter = mockApi({});
    renderRoute(<ServicesByLocationRoute />, { path: '/services/location/*', url: '/services/location/%20' });
    expect(screen.getByRole('alert')).toHaveTextContent('No location provided.');
    expect(adapter).not.toHaveBeenCalled();
  });
});
