import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BookingDialogHost } from '@/app/booking-dialog-host';
import { setDataSaver } from '@/lib/data-saver';
import { braidsMenu, serviceDto } from '@/components/listings/fixtures';
import { ToastProvider } from '@/components/ui/toast';
import { readFavourites } from '@/lib/favourites-store';
import { prefetchListingTeam } from '@/lib/team';
import { sampleTeam } from '@/testing/fixtures';
import { mockApi, networkError, type Handler } from '@/testing/mock-api';
import type { TeamMember } from '@/types/api';
import { prefetchListing } from '../api/get-listing';
import { prefetchListingProvider } from '../api/get-listing-provider';
import { renderRoute } from '../test-utils';
import { reloadPage } from '@/lib/browser';
import ServiceDetailRoute from './service-detail';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn() }));

const path = '/service/:id';

const glam = serviceDto(7, {
  _id: 'svc-7',
  name: 'Glam Bridal Makeup',
  category: 'flowers-gifts',
  subcategory: 'personalized',
  location: 'Kilimani, Nairobi',
  phoneNumber: '+254712345678',
  description: 'Soft glam and bridal makeup at your home or venue.',
  media: [
    {
      type: 'image',
      data: '/media/a/1280.webp',
      medium: '/media/a/720.webp',
      thumbnail: '/media/a/480.webp',
      width: 1280,
      height: 960,
    },
    { type: 'image', data: '/media/b/1280.webp', thumbnail: '/media/b/480.webp', width: 960, height: 720 },
  ],
  featured: true,
});

const NO_REVIEWS = {
  status: 200,
  data: { reviews: [], total: 0, rating: { average: null, count: 0 }, distribution: [0, 0, 0, 0, 0] },
};

// Works every day, so that the opening line does not depend on the day the tests run.
const every = (): [string, string][] => [['09:00', '19:00']];
const WANJIRU = {
  id: 'seller-1',
  name: 'Wanjiru Kamau',
  hours: { mon: every(), tue: every(), wed: every(), thu: every(), fri: every(), sat: every(), sun: every() },
  daysOff: [],
};
const PROVIDER = { status: 200, data: WANJIRU };
/** A provider without a team: nobody to choose. */
const NO_TEAM = { status: 200, data: [] };

function openService(answer: Handler, id = 'svc-7', team: Handler = NO_TEAM) {
  const adapter = mockApi({
    [`GET /api/service/${id}`]: answer,
    [`GET /api/service/${id}/reviews`]: NO_REVIEWS,
    [`GET /api/service/${id}/provider`]: PROVIDER,
    [`GET /api/service/${id}/team`]: team,
  });
  renderRoute(<ServiceDetailRoute />, { path, url: `/service/${id}` });
  return adapter;
}

/** The listing's page with the app's booking dialog, which its Book buttons open. */
function openWithBookingDialog(listing = glam, team: TeamMember[] = []) {
  const adapter = mockApi({
    'GET /api/service/svc-7': { status: 200, data: listing },
    'GET /api/service/svc-7/provider': PROVIDER,
    'GET /api/service/svc-7/reviews': NO_REVIEWS,
    'GET /api/service/svc-7/team': { status: 200, data: team },
    'GET /api/appointments/calendar': { status: 200, data: { month: '', days: [], nextOpenDate: null } },
    'GET /api/appointments/availability': { status: 200, data: { date: '', taken: [], past: [] } },
  });
  renderRoute(
    <ToastProvider>
      <ServiceDetailRoute />
      <BookingDialogHost />
    </ToastProvider>,
    { path, url: '/service/svc-7' },
  );
  return adapter;
}

describe('ServiceDetailRoute', () => {
  it('shows the stars under the name and, below the page, the verified reviews', async () => {
    mockApi({
      'GET /api/service/svc-7/team': NO_TEAM,
      'GET /api/service/svc-7': { status: 200, data: { ...glam, rating: { average: 4.5, count: 2 } } },
      'GET /api/service/svc-7/reviews': {
        status: 200,
        data: {
          reviews: [
            {
              id: 'r1',
              serviceId: 'svc-7',
              serviceName: glam.name,
              rating: 5,
              text: 'Great work, on time.',
              reviewer: 'Akinyi O.',
              month: 'November 2026',
              createdAt: '2026-11-25T10:00:00Z',
              verified: true,
              reply: null,
            },
          ],
          total: 2,
          rating: { average: 4.5, count: 2 },
          distribution: [0, 0, 0, 1, 1],
        },
      },
    });
    renderRoute(<ServiceDetailRoute />, { path, url: '/service/svc-7' });
    const stars = await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' });
    expect(stars.closest('a')).toHaveAttribute('href', '#reviews');
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('Great work, on time.')).toBeInTheDocument();
    expect(within(reviews).getByText('Verified booking')).toBeInTheDocument();
    expect(within(reviews).getByRole('button', { name: 'Show more reviews' })).toBeInTheDocument();
  });

  it('shows a loading state while the service is on its way', () => {
    openService(() => new Promise(() => {}));
    expect(screen.getByRole('status')).toHaveTextContent('Loading service…');
  });

  it('shows a listing that arrived before its page at once, without a loading state or a second call', async () => {
    const adapter = mockApi({
      'GET /api/service/svc-7': { status: 200, data: glam },
      'GET /api/service/svc-7/provider': PROVIDER,
      'GET /api/service/svc-7/team': { status: 200, data: sampleTeam },
    });
    prefetchListing('svc-7');
    prefetchListingProvider('svc-7');
    prefetchListingTeam('svc-7');
    await waitFor(() => expect(adapter).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 0));

    renderRoute(<ServiceDetailRoute />, { path, url: '/service/svc-7' });
    expect(screen.getByRole('heading', { level: 1, name: 'Glam Bridal Makeup' })).toBeInTheDocument();
    expect(screen.queryByText('Loading service…')).not.toBeInTheDocument();
    // The provider's lines and the team too, from the first render: nothing arrives later to move the page.
    expect(screen.getByRole('link', { name: 'Wanjiru Kamau' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Choose a stylist' })).toBeInTheDocument();
    expect(adapter).toHaveBeenCalledTimes(3);
  });

  it('keeps the skeleton in the loaded page\'s frame: breadcrumb line, tab bar, 4:3 photo and contact card', () => {
    openService(() => new Promise(() => {}));
    const skeleton = screen.getByRole('status');
    expect(skeleton.querySelector('.breadcrumb')).not.toBeNull();
    expect(skeleton.querySelector('.tabs__list')).not.toBeNull();
    expect(skeleton.querySelector('.gallery__stage')).not.toBeNull();
    expect(skeleton.querySelector('.service-detail__contact')).not.toBeNull();
  });

  it('asks for the one service, not the whole list', async () => {
    const adapter = openService({ status: 200, data: glam });
    await screen.findByRole('heading', { level: 1, name: 'Glam Bridal Makeup' });
    // Besides the listing, only its provider (under the name), its team and its reviews (below the page).
    const asked = adapter.mock.calls.map(([request]) => request.url).filter((url) => !url?.endsWith('/reviews'));
    expect(asked.sort()).toEqual(['/api/service/svc-7', '/api/service/svc-7/provider', '/api/service/svc-7/team']);
  });

  it('shows the name, price range, breadcrumb, category, location and phone', async () => {
    openService({ status: 200, data: glam });
    expect(await screen.findByRole('heading', { level: 1, name: 'Glam Bridal Makeup' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Glam Bridal Makeup · Mtaani'));
    expect(screen.getByText('Ksh 1,500 - Ksh 4,500')).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();

    const breadcrumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(breadcrumb.getByRole('link', { name: 'Flowers & Gifts' })).toHaveAttribute(
      'href',
      '/category/flowers-%26-gifts',
    );
    expect(breadcrumb.getByText('Glam Bridal Makeup')).toHaveAttribute('aria-current', 'page');

    const details = within(screen.getByRole('region', { name: 'Details and contact' }));
    expect(details.getByRole('link', { name: 'Flowers & Gifts' })).toHaveAttribute('href', '/category/flowers-%26-gifts');
    expect(details.getByText('Kilimani, Nairobi')).toBeInTheDocument();
    expect(details.getByRole('link', { name: '+254712345678' })).toHaveAttribute('href', 'tel:+254712345678');
  });

  it("lists the service menu in the provider's order, each service with its length and price", async () => {
    openService({ status: 200, data: { ...glam, minPrice: 500, maxPrice: 6000, options: braidsMenu } });
    const menu = await screen.findByRole('region', { name: 'Service menu' });
    expect(within(menu).getByRole('heading', { level: 2, name: 'Service menu' })).toBeInTheDocument();
    expect(within(menu).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Wash and blow-dry 30 minutes Ksh 500',
      'Knotless shoulder length 3 hours Ksh 2,500',
      'Cornrows with a fringe 1 hour 30 minutes Ksh 1,200',
      'Knotless waist length 6 hours Ksh 6,000',
    ]);
    // The range above it runs from its cheapest to its dearest service, as the answer says.
    expect(screen.getByText('Ksh 500 - Ksh 6,000')).toHaveClass('service-detail__price');
  });

  it('has no menu for a listing priced as one service', async () => {
    openService({ status: 200, data: glam });
    await screen.findByRole('heading', { level: 1, name: 'Glam Bridal Makeup' });
    expect(screen.queryByRole('region', { name: 'Service menu' })).not.toBeInTheDocument();
    expect(screen.queryByText('Service menu')).not.toBeInTheDocument();
  });

  it("shows the team under 'Choose a stylist': anyone available, then each member's photo, or else initials, and name", async () => {
    openService({ status: 200, data: glam }, 'svc-7', { status: 200, data: sampleTeam });
    const team = await screen.findByRole('region', { name: 'Choose a stylist' });
    expect(within(team).getByRole('heading', { level: 2, name: 'Choose a stylist' })).toBeInTheDocument();
    const choices = within(team).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Anyone available', 'Akinyi Otieno', 'WWanjiku']);
    expect(choices.map((choice) => choice.getAttribute('aria-haspopup'))).toEqual(['dialog', 'dialog', 'dialog']);
    // The photo, or the initials, is the picture of a name written beside it: hidden from screen readers.
    const akinyi = within(team).getByRole('button', { name: 'Akinyi Otieno' }).querySelector('[aria-hidden="true"]')!;
    expect(akinyi.querySelector('img')).toHaveAttribute('src', '/media/team/01/akinyi-otieno-192.webp');
    expect(akinyi.querySelector('img')).toHaveAttribute('alt', '');
    // Its room is kept before it loads: nothing moves when it arrives.
    expect(akinyi.querySelector('img')).toHaveAttribute('width', '48');
    expect(akinyi.querySelector('img')).toHaveAttribute('height', '48');
    const wanjiku = within(team).getByRole('button', { name: 'Wanjiku' }).querySelector('[aria-hidden="true"]')!;
    expect(wanjiku).toHaveTextContent('W');
    expect(wanjiku.querySelector('img')).toBeNull();
  });

  it('shows no team for a provider without one', async () => {
    const adapter = openService({ status: 200, data: glam });
    await screen.findByRole('heading', { level: 1, name: 'Glam Bridal Makeup' });
    await waitFor(() => expect(adapter.mock.calls.map(([request]) => request.url)).toContain('/api/service/svc-7/team'));
    await waitFor(() => expect(document.querySelector('.service-detail__opening')).toHaveTextContent(/today/));
    expect(screen.queryByRole('region', { name: 'Choose a stylist' })).not.toBeInTheDocument();
    expect(screen.queryByText('Anyone available')).not.toBeInTheDocument();
  });

  it('shows the listing without a team when the team cannot be loaded (the booking dialog asks again)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openService({ status: 200, data: glam }, 'svc-7', networkError);
    await screen.findByRole('heading', { level: 1, name: 'Glam Bridal Makeup' });
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to load the team of a listing', expect.anything()));
    expect(screen.queryByRole('region', { name: 'Choose a stylist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the booking dialog with the member chosen on the page, still changeable, without asking for the menu or the team again', async () => {
    const adapter = openWithBookingDialog({ ...glam, options: braidsMenu }, sampleTeam);
    const team = await screen.findByRole('region', { name: 'Choose a stylist' });
    await userEvent.click(within(team).getByRole('button', { name: 'Wanjiku' }));

    const dialog = await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
    const stylists = within(dialog).getByRole('group', { name: 'Choose a stylist' });
    expect(within(stylists).getByRole('radio', { name: 'Wanjiku' })).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Choose your services' })).toBeInTheDocument();
    await userEvent.click(within(stylists).getByRole('radio', { name: 'Anyone available' }));
    expect(within(stylists).getByRole('radio', { name: 'Anyone available' })).toBeChecked();
    // Each asked once, by the page.
    const asked = adapter.mock.calls.map(([request]) => request.url);
    expect(asked.filter((url) => url === '/api/service/svc-7/team')).toHaveLength(1);
    expect(asked.filter((url) => url === '/api/service/svc-7')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');

    // What is chosen on the page wins over what the dialog kept when it closed.
    await userEvent.click(within(team).getByRole('button', { name: 'Akinyi Otieno' }));
    const again = await screen.findByRole('dialog', { name: 'Book an Appointment' });
    expect(within(again).getByRole('radio', { name: 'Akinyi Otieno' })).toBeChecked();
  });

  it('shows the directions the provider gave right after the location', async () => {
    const directions = 'Upstairs above Naivas, 2nd floor, blue door';
    openService({ status: 200, data: { ...glam, directions } });
    const region = await screen.findByRole('region', { name: 'Details and contact' });
    const terms = () => within(region).getAllByRole('term').map((term) => term.textContent);
    expect(terms()).toEqual(['Category', 'Location', 'Directions', 'Phone']);
    expect(within(region).getByText('Directions').nextElementSibling).toHaveTextContent(directions);
  });

  it('shows the ward or estate under the location, and how far a provider who comes to you travels', async () => {
    const place = { id: 'nairobi~lavington', name: 'Lavington', ward: null, subCounty: 'Dagoretti North', county: 'Nairobi' };
    openService({ status: 200, data: { ...glam, location: 'Off James Gichuru Road', place, servesRadiusKm: 10 } });
    const region = await screen.findByRole('region', { name: 'Details and contact' });
    expect(within(region).getByText('Location').nextElementSibling).toHaveTextContent(
      'Off James Gichuru RoadLavington, Dagoretti North, Nairobi',
    );
    expect(within(region).getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Category',
      'Location',
      'Comes to you',
      'Phone',
    ]);
    expect(within(region).getByText('Comes to you').nextElementSibling).toHaveTextContent('Within 10 km of Lavington');
  });

  it('does not repeat a place the location already says', async () => {
    const place = { id: 'nairobi.dagoretti-north.kilimani', name: 'Kilimani', ward: 'Kilimani', subCounty: 'Dagoretti North', county: 'Nairobi' };
    openService({ status: 200, data: { ...glam, location: 'Kilimani, Dagoretti North, Nairobi', place } });
    const region = await screen.findByRole('region', { name: 'Details and contact' });
    expect(within(region).getByText('Location').nextElementSibling).toHaveTextContent(/^Kilimani, Dagoretti North, Nairobi$/);
  });

  it('has no Directions item when the provider gave none', async () => {
    openService({ status: 200, data: glam });
    const region = await screen.findByRole('region', { name: 'Details and contact' });
    expect(within(region).getAllByRole('term').map((term) => term.textContent)).toEqual(['Category', 'Location', 'Phone']);
    expect(within(region).queryByText('Directions')).not.toBeInTheDocument();
  });

  it('saves the service to the favourites with the heart under its name', async () => {
    openService({ status: 200, data: glam });
    const save = await screen.findByRole('button', { name: 'Save Glam Bridal Makeup to favourites' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(save);
    // Waited for: under a loaded machine (make test) the store's news can land after the click's act.
    const saved = await screen.findByRole('button', { name: 'Saved Glam Bridal Makeup to favourites' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(readFavourites().items).toEqual([{ id: glam._id, name: 'Glam Bridal Makeup' }]);
  });

  it('books this service from the Book an Appointment button next to WhatsApp', async () => {
    openWithBookingDialog();
    const details = within(await screen.findByRole('region', { name: 'Details and contact' }));
    const book = details.getByRole('button', { name: 'Book an Appointment' });
    expect(details.getByRole('link', { name: /Contact via WhatsApp/ })).toBeInTheDocument();

    await userEvent.click(book);

    const dialog = await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
    expect(within(dialog).getByText('Glam Bridal Makeup')).toBeInTheDocument();
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('names the provider under the title, with a link to their page, and says when they work today', async () => {
    openService({ status: 200, data: glam });
    const name = await screen.findByRole('link', { name: 'Wanjiru Kamau' });
    expect(name).toHaveAttribute('href', '/provider/seller-1');
    expect(name.parentElement).toHaveTextContent('by Wanjiru Kamau');
    expect(screen.getByText('Open today 9:00 AM – 7:00 PM')).toBeInTheDocument();
  });

  it('keeps the lines of the provider empty when their answer fails, and shows the listing', async () => {
    mockApi({
      'GET /api/service/svc-7': { status: 200, data: glam },
      'GET /api/service/svc-7/reviews': NO_REVIEWS,
      'GET /api/service/svc-7/provider': { status: 503, data: { message: 'Service temporarily unavailable', code: 'unavailable' } },
      'GET /api/service/svc-7/team': NO_TEAM,
    });
    renderRoute(<ServiceDetailRoute />, { path, url: '/service/svc-7' });
    await screen.findByRole('heading', { level: 1, name: 'Glam Bridal Makeup' });
    await waitFor(() => expect(document.querySelector('.service-detail__opening')).toBeInTheDocument());
    expect(screen.queryByText(/Open today|Closed today/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps WhatsApp, Call and Book in a bar at the foot of the screen that books this service', async () => {
    openWithBookingDialog();
    const bar = within(await screen.findByRole('region', { name: 'Contact and book' }));
    const chat = bar.getByRole('link', { name: /^WhatsApp/ });
    expect(new URL(chat.getAttribute('href')!).pathname).toBe('/254712345678');
    expect(bar.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+254712345678');

    await userEvent.click(bar.getByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
    expect(within(dialog).getByText('Glam Bridal Makeup')).toBeInTheDocument();
  });

  it('leaves WhatsApp and Call out of the bar without a phone number', async () => {
    openService({ status: 200, data: { ...glam, phoneNumber: '' } });
    const bar = within(await screen.findByRole('region', { name: 'Contact and book' }));
    expect(bar.queryAllByRole('link')).toEqual([]);
    expect(bar.getByRole('button', { name: 'Book' })).toBeInTheDocument();
  });

  it('offers a WhatsApp chat about the service in a new tab', async () => {
    openService({ status: 200, data: glam });
    const chat = await screen.findByRole('link', { name: /Contact via WhatsApp/ });
    const href = new URL(chat.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/254712345678');
    expect(href.searchParams.get('text')).toBe(
      'Hello, I\'m interested in your service "Glam Bridal Makeup" (Ksh 1,500 - Ksh 4,500) on Mtaani.',
    );
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the large photos with their size, and switches with the thumbnails', async () => {
    openService({ status: 200, data: glam });
    const photo = await screen.findByRole('img', { name: 'Glam Bridal Makeup, photo 1 of 2' });
    expect(photo).toHaveAttribute('src', '/media/a/1280.webp');
    // Phones take the 720 px copy: the stage is the screen less the page's sides.
    expect(photo).toHaveAttribute('srcset', '/media/a/720.webp 720w, /media/a/1280.webp 1280w');
    expect(photo.getAttribute('sizes')).toMatch(/calc\(100vw - 32px\)$/);
    expect(photo).toHaveAttribute('width', '1280');
    expect(photo).toHaveAttribute('height', '960');

    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));

    // A photo without a phone copy (posted before it existed, or small): the one size.
    const second = screen.getByRole('img', { name: 'Glam Bridal Makeup, photo 2 of 2' });
    expect(second).toHaveAttribute('src', '/media/b/1280.webp');
    expect(second).not.toHaveAttribute('srcset');
    expect(second).not.toHaveAttribute('sizes');
    expect(screen.getByRole('button', { name: 'Show photo 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('with the data saver on, fetches the first photo only, at 320 px, and the others when chosen', async () => {
    setDataSaver(true);
    const saving = {
      ...glam,
      media: [
        { ...glam.media[0]!, small: '/media/a/320.webp', color: '#a1b2c3' },
        { ...glam.media[1]!, small: '/media/b/320.webp', color: '#334455' },
      ],
    };
    openService({ status: 200, data: saving });
    const photo = await screen.findByRole('img', { name: 'Glam Bridal Makeup, photo 1 of 2' });
    expect(photo).toHaveAttribute('src', '/media/a/320.webp');
    expect(photo).not.toHaveAttribute('srcset');
    // Its box is still the photo's: nothing moves when it arrives.
    expect(photo).toHaveAttribute('width', '1280');
    expect(photo).toHaveAttribute('height', '960');
    // The thumbnails are the photos' colours, not their pictures.
    const thumbs = screen.getByRole('list', { name: 'Photos' });
    expect(thumbs.querySelectorAll('img')).toHaveLength(0);
    expect([...thumbs.querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'))).toEqual(['#a1b2c3', '#334455']);

    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));

    expect(screen.getByRole('img', { name: 'Glam Bridal Makeup, photo 2 of 2' })).toHaveAttribute('src', '/media/b/320.webp');
    expect(document.querySelectorAll('img')).toHaveLength(1);
  });

  it('has Gallery and Description tabs', async () => {
    openService({ status: 200, data: glam });
    const gallery = await screen.findByRole('tab', { name: 'Gallery' });
    expect(gallery).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Gallery' })).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Description' }));

    expect(screen.getByRole('tabpanel', { name: 'Description' })).toHaveTextContent(
      'Soft glam and bridal makeup at your home or venue.',
    );
    expect(screen.queryByRole('tabpanel', { name: 'Gallery' })).not.toBeInTheDocument();
  });

  it('shows Contact Unavailable without a phone, and says why when pressed', async () => {
    openService({ status: 200, data: { ...glam, phoneNumber: null } });
    const contact = await screen.findByRole('button', { name: 'Contact Unavailable' });
    expect(contact).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.getByText('Not provided')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    await userEvent.click(contact);

    expect(screen.getByRole('alert')).toHaveTextContent('Phone number not available for this service.');
  });

  it('shows Service Not Found for an unknown id', async () => {
    openService({ status: 404, data: { message: 'Service not found', code: 'not_found' } }, 'no-such-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/^Service not found\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Service Not Found · Mtaani'));
  });

  it('shows the error with Back to Homepage when the service cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    openService((request) => (fail ? networkError(request) : { status: 200, data: glam }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load service details. Please try again.');
    expect(within(alert).getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Glam Bridal Makeup' })).toBeInTheDocument();
  });

  it('offline under the service worker, loads a listing it cannot fetch in full: the worker answers with the offline page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    try {
      openService((request) => networkError(request));
      await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
      expect(screen.queryByText('Failed to load service details. Please try again.')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
      vi.mocked(reloadPage).mockClear();
    }
  });
});
