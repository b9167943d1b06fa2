import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BookingDialogHost } from '@/app/booking-dialog-host';
import { serviceDtos } from '@/components/listings/fixtures';
import { categories } from '@/config/categories';
import { mockApi, networkError, type Handler } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import { prefetchHomeSections } from '../api/get-home-sections';
import HomeRoute from './home';

/** Every category answers an empty list unless given another answer. */
function answerCategories(answers: Partial<Record<string, Handler>>) {
  return mockApi(
    Object.fromEntries(
      categories.map((category) => [
        `GET /api/services/${category.id}`,
        answers[category.id] ?? { status: 200, data: [] },
      ]),
    ),
  );
}

/** The category sections (the toasts' region is not one). */
const sections = () =>
  screen.queryAllByRole('region').filter((region) => within(region).queryByRole('heading', { level: 2 }));

describe('HomeRoute', () => {
  it('shows the tagline and a Book an Appointment button that opens the booking dialog at the service step', async () => {
    mockApi({
      ...Object.fromEntries(categories.map((category) => [`GET /api/services/${category.id}`, { status: 200, data: [] }])),
      'GET /api/services': { status: 200, data: serviceDtos(2) },
    });
    renderWithRouter(
      <>
        <HomeRoute />
        <BookingDialogHost />
      </>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Find trusted beauty, wellness and lifestyle services near you' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Book an Appointment' }));

    const dialog = await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
    expect(within(dialog).getByRole('heading', { name: 'Which service would you like to book?' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: /^Service 1/ })).toBeInTheDocument();
  });

  it('asks every category for its first 4 services at once, and shows skeletons meanwhile', async () => {
    const adapter = answerCategories(
      Object.fromEntries(categories.map((c) => [c.id, () => new Promise<never>(() => {})])),
    );
    renderWithRouter(<HomeRoute />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading services…');
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(9));
    expect(adapter.mock.calls.map(([request]) => [request.url, request.params as unknown])).toEqual(
      categories.map((c) => [`/api/services/${c.id}`, { limit: 4 }]),
    );
  });

  it('shows the sections started before the page loaded, without asking again', async () => {
    const adapter = answerCategories({ beauty: { status: 200, data: serviceDtos(4, 0) } });
    prefetchHomeSections();
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(9));

    renderWithRouter(<HomeRoute />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Beauty' })).toBeInTheDocument();
    expect(sections()).toHaveLength(1);
    expect(adapter).toHaveBeenCalledTimes(9);
  });

  it('shows one section per category with services, in menu order, and hides the empty ones', async () => {
    answerCategories({
      beauty: { status: 200, data: serviceDtos(4, 0) },
      hair: { status: 200, data: serviceDtos(2, 10, { category: 'hair', subcategory: 'braiding' }) },
      photography: { status: 200, data: serviceDtos(1, 20, { category: 'photography', subcategory: 'event' }) },
    });
    renderWithRouter(<HomeRoute />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Beauty' })).toBeInTheDocument();
    expect(sections().map((section) => within(section).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Beauty',
      'Hair',
      'Photography',
    ]);
    const [beauty, hair] = sections();
    expect(within(beauty!).getAllByRole('article')).toHaveLength(4);
    expect(within(hair!).getAllByRole('article')).toHaveLength(2);
    expect(within(beauty!).getByRole('heading', { level: 3, name: 'Service 0' })).toBeInTheDocument();
    const viewAll = within(beauty!).getByRole('link', { name: 'View All' });
    expect(viewAll).toHaveAttribute('href', '/all-services');
    expect(viewAll).toHaveAccessibleDescription('Beauty');
    expect(screen.queryByText('No services available in this category yet.')).not.toBeInTheDocument();
  });

  it('shows at most 4 services in a section', async () => {
    answerCategories({ beauty: { status: 200, data: serviceDtos(6) } });
    renderWithRouter(<HomeRoute />);
    await screen.findByRole('heading', { level: 2, name: 'Beauty' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('loads the first cards of the first section at once, the rest lazily', async () => {
    answerCategories({
      beauty: { status: 200, data: serviceDtos(4, 0) },
      hair: { status: 200, data: serviceDtos(4, 10, { category: 'hair', subcategory: 'braiding' }) },
    });
    const { container } = renderWithRouter(<HomeRoute />);
    await screen.findByRole('heading', { level: 2, name: 'Hair' });
    const loading = [...container.querySelectorAll('article img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy', 'lazy', 'lazy', 'lazy']);
  });

  it('logs a failing category and shows the others', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerCategories({
      beauty: { status: 503, data: { message: 'Catalog unavailable', code: 'unavailable' } },
      hair: { status: 200, data: serviceDtos(2, 10, { category: 'hair', subcategory: 'braiding' }) },
      health: networkError,
    });
    renderWithRouter(<HomeRoute />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Hair' })).toBeInTheDocument();
    expect(sections()).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to load the Beauty services', expect.anything());
    expect(log).toHaveBeenCalledWith('Failed to load the Health services', expect.anything());
  });

  it('shows the error when every category fails, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    const cleaning = serviceDtos(1, 30, { category: 'home', subcategory: 'cleaning' });
    answerCategories(
      Object.fromEntries(
        categories.map((c) => [
          c.id,
          () => (failing ? { status: 503 } : { status: 200, data: c.id === 'home' ? cleaning : [] }),
        ]),
      ),
    );
    renderWithRouter(<HomeRoute />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load services. Please try again later.');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Home' })).toBeInTheDocument();
  });

  it('invites sellers when no category has services yet', async () => {
    answerCategories({});
    renderWithRouter(<HomeRoute />);
    expect(await screen.findByText('No services found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Service' })).toHaveAttribute('href', '/post-service');
    expect(sections()).toHaveLength(0);
  });
});
