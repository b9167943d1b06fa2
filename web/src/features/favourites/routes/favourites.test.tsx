import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serviceDto } from '@/components/listings/fixtures';
import { ServiceCard } from '@/components/listings/service-card';
import { FAVOURITE_FAILED } from '@/components/ui/favourite-button';
import { useFavouritesFollowSession } from '@/lib/favourites';
import { readFavourites, writeFavourites } from '@/lib/favourites-store';
import { toListing } from '@/lib/listing';
import { clearSession, saveSession } from '@/lib/session';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import { EMPTY, GONE } from '../components/favourites-view';
import FavouritesRoute from './favourites';

function Following() {
  useFavouritesFollowSession();
  return null;
}

describe('favourites', () => {
  it('a visitor saves with the heart, in this browser', () => {
    renderWithRouter(
      <>
        <ServiceCard listing={toListing(serviceDto(1))} />
        <ServiceCard listing={toListing(serviceDto(2))} />
      </>,
    );
    const heart = screen.getByRole('button', { name: 'Save Service 1 to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Save Service 2 to favourites' }));
    expect(readFavourites()).toEqual({
      owner: undefined,
      items: [
        { id: 'svc-2', name: 'Service 2' },
        { id: 'svc-1', name: 'Service 1' },
      ],
    });
    // Tapped again: removed.
    fireEvent.click(heart);
    fireEvent.click(heart);
    expect(readFavourites().items.map((item) => item.id)).toEqual(['svc-1', 'svc-2']);
  });

  it('lists them, the ones gone since as no longer available, removable', async () => {
    writeFavourites({
      items: [
        { id: 'svc-1', name: 'Service 1' },
        { id: 'svc-2', name: 'Braids by Njeri' },
      ],
    });
    mockApi({
      'GET /api/service/svc-1': { status: 200, data: serviceDto(1) },
      'GET /api/service/svc-2': { status: 404, data: { message: 'Service not found', code: 'not_found' } },
    });
    renderWithRouter(<FavouritesRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Favourites' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Service 1' })).toBeInTheDocument();
    const gone = screen.getByRole('list', { name: GONE });
    expect(within(gone).getByText('Braids by Njeri', { selector: 'b' })).toBeInTheDocument();
    fireEvent.click(within(gone).getByRole('button', { name: 'Remove Braids by Njeri' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: GONE })).not.toBeInTheDocument());
    // Un-hearting a card takes it off the page.
    fireEvent.click(screen.getByRole('button', { name: 'Save Service 1 to favourites' }));
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
  });

  it("at sign-in a visitor's are saved into the account, whose list then replaces them; signing out forgets it", async () => {
    writeFavourites({
      items: [
        { id: 'svc-2', name: 'Service 2' },
        { id: 'gone', name: 'Gone' },
      ],
    });
    const saved: string[] = [];
    const api = mockApi({
      'PUT /api/account/favourites/svc-2': () => {
        saved.push('svc-2');
        return { status: 200, data: {} };
      },
      'PUT /api/account/favourites/gone': { status: 404, data: { message: 'Service not found', code: 'not_found' } },
      'GET /api/account/favourites': () => ({
        status: 200,
        data: {
          favourites: [
            { serviceId: 'svc-2', name: 'Service 2', savedAt: '2026-11-26T09:00:00Z', available: true, service: serviceDto(2) },
            { serviceId: 'svc-7', name: 'Old Favourite', savedAt: '2026-11-20T09:00:00Z', available: false },
          ],
        },
      }),
    });
    renderWithRouter(<Following />);
    act(() => saveSession('t1', { id: 'u1', userName: 'Amina Wanjiru', accountType: 'buyer' }));
    await waitFor(() => expect(readFavourites().owner).toBe('u1'));
    expect(saved).toEqual(['svc-2']);
    expect(readFavourites().items.map((item) => item.id)).toEqual(['svc-2', 'svc-7']);
    expect(api.mock.calls.at(-1)?.[0].headers.Authorization).toBe('Bearer t1');
    act(() => clearSession());
    expect(readFavourites()).toEqual({ items: [] });
  });

  it('signed in, a heart saves to the account, and a refusal undoes it and says so', async () => {
    saveSession('t1', { id: 'u1', userName: 'Amina Wanjiru', accountType: 'buyer' });
    writeFavourites({ owner: 'u1', items: [] });
    const api = mockApi({ 'PUT /api/account/favourites/svc-1': { status: 200, data: {} } });
    renderWithRouter(<ServiceCard listing={toListing(serviceDto(1))} />);
    const heart = screen.getByRole('button', { name: 'Save Service 1 to favourites' });
    fireEvent.click(heart);
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    mockApi({ 'DELETE /api/account/favourites/svc-1': { status: 503, data: { message: 'Busy', code: 'unavailable' } } });
    fireEvent.click(heart);
    expect(await screen.findByText(FAVOURITE_FAILED)).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });
});
