import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseArea, currentArea } from '@/lib/area-state';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import { NearMe } from './near-me';

const kasarani = {
  id: 'nairobi.kasarani.kasarani',
  name: 'Kasarani',
  kind: 'ward' as const,
  county: 'Nairobi',
  subCounty: 'Kasarani',
  lat: -1.2176,
  lng: 36.8969,
};
const lavington = { ...kasarani, id: 'nairobi~lavington', name: 'Lavington', kind: 'estate' as const, subCounty: 'Dagoretti North' };

// jsdom has no geolocation: the phone's, as a test gives it.
function givePosition(getCurrentPosition: Geolocation['getCurrentPosition']) {
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

describe('Near me', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
    chooseArea(null);
  });

  it('asks for the position only when tapped, and keeps the area named by the nearest ward', async () => {
    const getCurrentPosition = vi.fn((done: PositionCallback) =>
      done({ coords: { latitude: -1.217641, longitude: 36.896912 } } as GeolocationPosition),
    );
    givePosition(getCurrentPosition);
    const api = mockApi({ 'GET /api/places': { status: 200, data: [kasarani] } });
    const chosen = vi.fn();
    renderWithRouter(<NearMe onChosen={chosen} />);
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));

    expect(await screen.findByText('Nearest to Kasarani first')).toBeInTheDocument();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(api.mock.calls[0]![0].params).toEqual({ near: '-1.218,36.897' });
    // Kept to about 100 m: no more than a list needs.
    expect(currentArea()).toEqual({ near: '-1.218,36.897', label: 'Kasarani' });
    expect(chosen).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(currentArea()).toBeNull();
    expect(screen.getByRole('button', { name: 'Near me' })).toBeInTheDocument();
  });

  it('offers the place typeahead when the position is refused, and keeps the place picked', async () => {
    givePosition((_, fail) => fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));
    mockApi({ 'GET /api/places': { status: 200, data: [lavington, kasarani] } });
    renderWithRouter(<NearMe />);

    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    const where = await screen.findByRole('combobox', { name: 'Where are you?' });
    expect(where).toHaveAccessibleDescription('We could not tell where you are. Type your area instead.');
    expect(where).toHaveFocus();
    await userEvent.type(where, 'lavin');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    await userEvent.click(within(list).getAllByRole('option')[0]!);

    expect(currentArea()).toEqual({ placeId: 'nairobi~lavington', label: 'Lavington' });
    expect(await screen.findByText('Nearest to Lavington first')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Where are you?' })).not.toBeInTheDocument();
  });

  it('asks at once when the visitor came from the location menu’s Near me', async () => {
    const getCurrentPosition = vi.fn((done: PositionCallback) =>
      done({ coords: { latitude: -1.2176, longitude: 36.8969 } } as GeolocationPosition),
    );
    givePosition(getCurrentPosition);
    mockApi({ 'GET /api/places': { status: 200, data: [kasarani] } });
    renderWithRouter(<NearMe start />);
    await waitFor(() => expect(currentArea()?.label).toBe('Kasarani'));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('says it could not tell without geolocation at all', async () => {
    renderWithRouter(<NearMe />);
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByRole('combobox', { name: 'Where are you?' })).toBeInTheDocument();
  });
});
