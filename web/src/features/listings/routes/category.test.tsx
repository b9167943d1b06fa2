import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serviceDtos } from '@/components/listings/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '../test-utils';
import CategoryRoute, { CATEGORY_NOT_FOUND } from './category';

const path = '/category/:categoryName';

describe('CategoryRoute', () => {
  it("shows the category's title, its subcategories and its services, as the breadcrumb's link names it", async () => {
    const adapter = mockApi({
      'GET /api/services/flowers-gifts': { status: 200, data: serviceDtos(3, 0, { category: 'flowers-gifts' }) },
    });
    renderRoute(<CategoryRoute />, { path, url: '/category/flowers-%26-gifts' });

    expect(screen.getByRole('heading', { level: 1, name: 'Flowers & Gifts' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Flowers & Gifts · Mtaani'));
    const links = within(screen.getByRole('navigation', { name: 'Flowers & Gifts subcategories' }));
    expect(links.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/services/flowers-gifts/personalized',
      '/services/flowers-gifts/customized',
    ]);
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(adapter.mock.calls[0]![0].params).toEqual({ limit: 48, offset: 0 });
  });

  it('sorts as asked', async () => {
    const adapter = mockApi({ 'GET /api/services/hair': { status: 200, data: serviceDtos(2) } });
    renderRoute(<CategoryRoute />, { path, url: '/category/hair' });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await waitFor(() => expect(adapter.mock.calls.at(-1)![0].params).toMatchObject({ sort: 'price_asc' }));
  });

  it('says so for a category that does not exist', () => {
    const adapter = mockApi({});
    renderRoute(<CategoryRoute />, { path, url: '/category/plumbing' });
    expect(screen.getByText(CATEGORY_NOT_FOUND)).toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();
  });
});
