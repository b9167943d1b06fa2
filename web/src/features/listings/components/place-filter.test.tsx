import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import { PlaceFilter } from './place-filter';

const place = { kind: 'ward' as const, county: 'Nairobi', subCounty: 'Kasarani', lat: -1.2176, lng: 36.8969 };
// The ward named as its sub-county has no page of its own; the sub-county's is offered.
const kasaraniWard = { ...place, id: 'nairobi.kasarani.kasarani', name: 'Kasarani' };
const kasarani = { ...place, id: 'nairobi.kasarani', name: 'Kasarani', kind: 'subCounty' as const, page: 'Kasarani' };
const township = { ...place, id: 'kakamega.lurambi.township', name: 'Township', county: 'Kakamega', subCounty: 'Lurambi', page: 'Township, Kakamega' };

describe('PlaceFilter', () => {
  it("leads to the page of the place picked, by its page's name", async () => {
    const api = mockApi({ 'GET /api/places': { status: 200, data: [kasaraniWard, kasarani, township] } });
    renderWithRouter(<PlaceFilter />, { route: '/all-services' });
    expect(screen.queryByRole('link', { name: 'All places' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Filter by place' }));
    const field = await screen.findByRole('combobox', { name: 'Show the services in' });
    expect(field).toHaveFocus();
    await userEvent.type(field, 'kasa');
    const options = within(await screen.findByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Kasarani, NairobiSub-county', 'Township, Lurambi, KakamegaWard']);
    expect(api.mock.calls.at(-1)![0].params).toEqual({ query: 'kasa' });

    await userEvent.click(options[1]!);
    expect(currentUrl()).toBe('/services/location/Township%2C%20Kakamega');
  });

  it('offers all places back on a place’s page', () => {
    renderWithRouter(<PlaceFilter inPlace />, { route: '/services/location/Kasarani' });
    expect(screen.getByRole('button', { name: 'Another place' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All places' })).toHaveAttribute('href', '/all-services');
  });
});
