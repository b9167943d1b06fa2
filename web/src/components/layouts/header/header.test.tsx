import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingDialogHost } from '@/app/booking-dialog-host';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter, stubMatchMedia } from '@/testing/test-utils';
import { Header } from './header';

function signIn(user: object) {
  localStorage.setItem('token', 'jwt-token');
  localStorage.setItem('user', JSON.stringify(user));
}

const currentUrl = () => screen.getByTestId('location').textContent;

/** The header with the app's booking host, which shows the dialog its 'Book' buttons open. */
function renderWithBooking(route = '/') {
  return renderWithRouter(
    <>
      <Header />
      <BookingDialogHost />
    </>,
    { route },
  );
}

describe('Header account menu', () => {
  it('offers Sign in, Sign up and Favourites when signed out', async () => {
    renderWithRouter(<Header />);
    expect(screen.getByRole('link', { name: 'Mtaani' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));

    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Sign in', 'Sign up', 'Favourites']);
    expect(items[0]).toHaveAttribute('href', '/signin');
    expect(items[1]).toHaveAttribute('href', '/signup-options');
    expect(items[0]).toHaveFocus();
  });

  it("shows a seller's first name, My Account, Post a Service, Favourites and Logout", async () => {
    signIn({ userName: 'Amina Wanjiru', accountType: 'seller' });
    renderWithRouter(<Header />);

    await userEvent.click(screen.getByRole('button', { name: 'Amina' }));

    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['My Account', 'Post a Service', 'Favourites', 'Logout']);
    expect(items[0]).toHaveAttribute('href', '/account');
    expect(items[1]).toHaveAttribute('href', '/post-service');
  });

  it('hides Post a Service from buyers', async () => {
    signIn({ userName: 'Otieno Ouma', accountType: 'buyer' });
    renderWithRouter(<Header />);

    await userEvent.click(screen.getByRole('button', { name: 'Otieno' }));

    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Post a Service' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My Account' })).toBeInTheDocument();
  });

  it('logs out: removes token and user and returns to the signed-out menu', async () => {
    signIn({ userName: 'Amina Wanjiru', accountType: 'seller' });
    renderWithRouter(<Header />);

    await userEvent.click(screen.getByRole('button', { name: 'Amina' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const button = screen.getByRole('button', { name: 'Account' });
    expect(button).toHaveFocus();
    await userEvent.click(button);
    expect(screen.getByRole('menuitem', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('treats an unreadable stored user as signed out and clears it', () => {
    localStorage.setItem('token', 'jwt-token');
    localStorage.setItem('user', '{oops');
    renderWithRouter(<Header />);
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('works by keyboard: arrows move, Escape closes and returns focus', async () => {
    signIn({ userName: 'Amina Wanjiru', accountType: 'seller' });
    renderWithRouter(<Header />);
    const button = screen.getByRole('button', { name: 'Amina' });

    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Account' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Post a Service' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Account' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the visitor presses outside it', async () => {
    renderWithRouter(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('Header on small screens', () => {
  it('opens a drawer with search, location, Find Services, pages and Book', async () => {
    renderWithRouter(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(drawer).getByPlaceholderText('Find services...')).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Location' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    expect(within(drawer).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(drawer).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Find Services' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Beauty' }));
    expect(within(drawer).getByRole('link', { name: 'Eyebrows & Lashes' })).toHaveAttribute(
      'href',
      '/services/beauty/eyebrows-lashes',
    );

    const book = within(drawer).getByRole('button', { name: 'Book' });
    expect(book).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it("'Book' closes the drawer and opens the booking dialog, which asks for the service", async () => {
    mockApi({ 'GET /api/services': { status: 200, data: [] } });
    renderWithBooking();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);

    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Book' }));

    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    const booking = await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
    expect(within(booking).getByRole('searchbox', { name: 'Search services' })).toHaveFocus();
    expect(currentUrl()).toBe('/');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes the drawer on Escape and gives focus back to the menu button', async () => {
    renderWithRouter(<Header />);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('searches for the trimmed text, keeps it in the box and closes the drawer', async () => {
    renderWithRouter(<Header />, { route: '/all-services' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const box = await screen.findByPlaceholderText('Find services...');

    await userEvent.type(box, '   {Enter}');
    expect(currentUrl()).toBe('/all-services');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, '  knotless braids {Enter}');
    expect(currentUrl()).toBe('/search?q=knotless%20braids');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The results page keeps the query in the box.
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByPlaceholderText('Find services...')).toHaveValue('knotless braids');
  });
});

describe('Header on desktop', () => {
  afterEach(() => {
    window.scrollY = 0;
  });

  it('navigates by location: a town by name, All Locations to /all-services', async () => {
    stubMatchMedia(true);
    renderWithRouter(<Header />);
    const select = await screen.findByRole('combobox', { name: 'Location' });

    await userEvent.selectOptions(select, 'Nairobi');
    expect(currentUrl()).toBe('/services/location/Nairobi');
    expect(select).toHaveValue('nairobi');

    await userEvent.selectOptions(select, 'All Locations');
    expect(currentUrl()).toBe('/all-services');

    // Near me: the list of every service, which asks there where the visitor is.
    await userEvent.selectOptions(select, 'Near me');
    expect(currentUrl()).toBe('/all-services');
  });

  it("has a 'Book' button that books the service of the page it is on", async () => {
    stubMatchMedia(true);
    mockApi({ 'GET /api/appointments/availability': { status: 200, data: { date: '', taken: [], past: [] } } });
    renderWithBooking('/service/svc-7');

    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Book' }));

    const booking = await screen.findByRole('dialog', { name: 'Book an Appointment' }, { timeout: 5000 });
    // No service step: the calendar of the page's service.
    expect(within(booking).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(booking).getByRole('tab', { name: 'Appointment' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the query of the results page it is on, and none elsewhere', async () => {
    stubMatchMedia(true);
    renderWithRouter(<Header />, { route: '/search?q=box%20braids' });
    expect(await screen.findByRole('combobox', { name: 'Search services' })).toHaveValue('box braids');
  });

  it('searches from the header', async () => {
    stubMatchMedia(true);
    renderWithRouter(<Header />);
    const box = await screen.findByRole('combobox', { name: 'Search services' });
    await userEvent.type(box, 'makeup');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(currentUrl()).toBe('/search?q=makeup');
    expect(box).toHaveValue('makeup');
  });

  it('suggests categories, listings and places from two letters typed, and opens the one picked', async () => {
    stubMatchMedia(true);
    const adapter = mockApi({
      'GET /api/services/suggest': {
        status: 200,
        data: {
          categories: [{ category: 'beauty', subcategory: 'nails' }],
          listings: [{ id: 'svc-1', name: 'Gel & Acrylic Nail Studio', category: 'beauty', subcategory: 'nails', place: 'Parklands' }],
          places: [{ id: 'kisumu~kondele', name: 'Kondele', kind: 'estate', county: 'Kisumu', subCounty: 'Kisumu Central', lat: 0, lng: 0 }],
        },
      },
    });
    renderWithRouter(<Header />);
    const box = await screen.findByRole('combobox', { name: 'Search services' });
    await userEvent.type(box, 'k');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(adapter).not.toHaveBeenCalled();
    await userEvent.type(box, 'u');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(adapter.mock.calls.at(-1)![0].params).toEqual({ query: 'ku' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'NailsBeauty',
      'Gel & Acrylic Nail StudioNails · Parklands',
      'Kondele, Kisumu Central, KisumuServices in this area',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    // The arrows and Enter open the category; a tap opens the listing.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(currentUrl()).toBe('/services/beauty/nails');
    await userEvent.type(box, 'c');
    await userEvent.click(await screen.findByRole('option', { name: /Gel & Acrylic Nail Studio/ }));
    expect(currentUrl()).toBe('/service/svc-1');
    // A place opens the search of its name, which lists what is there.
    await userEvent.type(box, 'h');
    await userEvent.click(await screen.findByRole('option', { name: /Kondele/ }));
    expect(currentUrl()).toBe('/search?q=Kondele%20Kisumu');
  });

  it('has a Find Services mega-menu grouped by category, About Us and Contact Us', async () => {
    stubMatchMedia(true);
    renderWithRouter(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();

    const toggle = within(nav).getByRole('button', { name: 'Find Services' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const flowers = within(nav).getByRole('list', { name: 'Flowers & Gifts' });
    expect(within(flowers).getByRole('link', { name: 'Personalized Gifts' })).toHaveAttribute(
      'href',
      '/services/flowers-gifts/personalized',
    );
    expect(within(nav).getByRole('list', { name: 'Photography' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('gains a shadow after scrolling more than 10 pixels', () => {
    stubMatchMedia(true);
    renderWithRouter(<Header />);
    const header = screen.getByRole('banner');
    expect(header).not.toHaveClass('site-header--scrolled');

    act(() => {
      window.scrollY = 10;
      fireEvent.scroll(window);
    });
    expect(header).not.toHaveClass('site-header--scrolled');

    act(() => {
      window.scrollY = 11;
      fireEvent.scroll(window);
    });
    expect(header).toHaveClass('site-header--scrolled');
  });
});
