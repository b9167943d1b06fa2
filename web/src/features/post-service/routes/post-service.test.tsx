import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { braidsMenu, serviceDto } from '@/components/listings/fixtures';
import { saveSession, type SessionUser } from '@/lib/session';
import { sampleSubscription, wanjiru } from '@/testing/fixtures';
import { mockApi, networkError, sentBody, sentHeader, type Reply } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import PostServiceRoute, { NOT_ACTIVE_TITLE } from './post-service';

const njeri: SessionUser = {
  id: 'u-3',
  userName: 'Njeri Mwangi',
  email: 'njeri@demo.mtaani.co.ke',
  phoneNumber: '+254733000111',
  accountType: 'seller',
  sellerPackage: { packageId: 'basic', name: 'Basic', photoUploads: 1 },
};

const otieno: SessionUser = { id: 'u-2', userName: 'Otieno Ouma', accountType: 'buyer' };

// A real 1×1 PNG: what FileReader turns into the data URL that is sent.
const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const PNG_DATA_URL = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`;

function photo(name = 'braids.png', type = 'image/png'): File {
  return new File([PNG_BYTES], name, { type });
}

const listing = {
  serviceName: 'Knotless Braids at Home',
  minPrice: '1,500',
  maxPrice: '4500',
  location: 'Kilimani, Nairobi',
  description: 'Neat knotless braids in any length, done at your home with quality hair.',
};

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const photosInput = () => field('Photos');

function open(user: SessionUser | null, url = '/post-service') {
  if (user) saveSession(`jwt-${user.id}`, user);
  return renderWithRouter(<PostServiceRoute />, { route: url });
}

async function fillIn(values: Partial<typeof listing> = listing) {
  const labels = {
    serviceName: 'Service name',
    minPrice: 'Minimum price',
    maxPrice: 'Maximum price',
    location: 'Location',
    description: 'Description',
  };
  for (const [key, value] of Object.entries(values)) {
    await userEvent.type(field(labels[key as keyof typeof labels]), value);
  }
}

async function chooseHairBraiding() {
  await userEvent.selectOptions(field('Category'), 'hair');
  await userEvent.selectOptions(field('Subcategory'), 'braiding');
}

const post = () => userEvent.click(screen.getByRole('button', { name: 'Post Service' }));

/** The listings sent (the page also asks where the package stands: GET /api/me). */
const posts = (adapter: ReturnType<typeof mockApi>) =>
  adapter.mock.calls.map(([request]) => request).filter((request) => request.method === 'post');

let revokeObjectURL = vi.fn<(url: string) => void>();
beforeEach(() => {
  // jsdom has no object URLs; the previews only need distinct strings.
  let created = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++created}`);
  revokeObjectURL = vi.fn<(url: string) => void>();
  URL.revokeObjectURL = revokeObjectURL;
});

describe('PostServiceRoute: who may post', () => {
  it('sends signed-out visitors to /signin, asking them to sign in', async () => {
    const adapter = mockApi({});
    open(null);
    expect(await screen.findByText('Please sign in to post a service')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();
  });

  it.each([
    ['a buyer', otieno],
    ['a seller without a package', { ...njeri, sellerPackage: null }],
  ])('sends %s to /signin: only sellers can post', async (_, user) => {
    open(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only sellers can post services');
    expect(screen.getAllByText('Only sellers can post services')).toHaveLength(1);
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
  });

  it('sends a seller whose stored package cannot be read to /signin', async () => {
    localStorage.setItem('token', 'jwt-x');
    localStorage.setItem('user', JSON.stringify({ ...njeri, sellerPackage: { packageId: 'basic', photoUploads: 'one' } }));
    open(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid user data');
    await waitFor(() => expect(currentUrl()).toBe('/signin'));
  });

  it('shows a seller the form under its title, with her phone number filled in', async () => {
    open(wanjiru);
    expect(screen.getByRole('heading', { level: 1, name: 'Post a Service' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Post a Service · Mtaani'));
    // The account's number as the field's placeholder writes one.
    expect(field('Phone number')).toHaveValue('0712 345 678');
    expect(field('Minimum price')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Maximum price')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Phone number')).toHaveAttribute('inputmode', 'tel');
    expect(photosInput()).toHaveAttribute('type', 'file');
    expect(photosInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(photosInput()).toHaveAttribute('multiple');
    expect(screen.getByText('0 of 3 photos')).toBeInTheDocument();
    expect(currentUrl()).toBe('/post-service');
  });
});

describe('PostServiceRoute: a package that cannot post', () => {
  it('says so before the form, with the way to pay', async () => {
    mockApi({
      'GET /api/me': {
        status: 200,
        data: { user: wanjiru, subscription: { ...sampleSubscription, status: 'pending_payment' } },
      },
    });
    open(wanjiru);
    expect(await screen.findByText(NOT_ACTIVE_TITLE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay in My Account' })).toHaveAttribute('href', '/account#package');
  });

  it('says nothing of an active package', async () => {
    const adapter = mockApi({ 'GET /api/me': { status: 200, data: { user: wanjiru, subscription: sampleSubscription } } });
    open(wanjiru);
    await waitFor(() => expect(adapter).toHaveBeenCalled());
    expect(screen.queryByText(NOT_ACTIVE_TITLE)).not.toBeInTheDocument();
  });
});

describe('PostServiceRoute: the form', () => {
  it("shows every one of SPEC §5's messages on an empty submit, focuses the first and sends nothing", async () => {
    const adapter = mockApi({});
    open({ ...wanjiru, phoneNumber: '' });

    await post();

    for (const text of [
      'Service name must be at least 5 characters',
      'Minimum price must be at least 100 Ksh',
      'Maximum price must be at least 100 Ksh',
      'Location is required',
      'Phone number must be at least 10 digits',
      'Category is required',
      'Subcategory is required',
      'Description must be at least 30 characters',
      'Please upload at least one photo',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(field('Service name')).toHaveFocus();
    expect(field('Category')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Category')).toHaveAccessibleDescription('Category is required');
    expect(field('Description')).toHaveAccessibleDescription(
      'At least 30 characters. Description must be at least 30 characters',
    );
    expect(photosInput()).toHaveAttribute('aria-invalid', 'true');
    expect(photosInput()).toHaveAccessibleDescription(expect.stringContaining('Please upload at least one photo'));

    await fillIn({ minPrice: '5000', maxPrice: '1000' });
    expect(screen.getByText('Maximum price cannot be less than minimum price')).toBeInTheDocument();
    expect(screen.queryByText('Minimum price must be at least 100 Ksh')).not.toBeInTheDocument();
    await userEvent.clear(field('Maximum price'));
    await userEvent.type(field('Maximum price'), '99');
    expect(screen.getByText('Maximum price must be at least 100 Ksh')).toBeInTheDocument();
    expect(posts(adapter)).toHaveLength(0);
  });

  it('offers optional directions of at most 300 characters, with the server\'s message over the limit', async () => {
    const adapter = mockApi({});
    open(wanjiru);
    const directions = field('Directions (optional)');
    expect(directions.tagName).toBe('TEXTAREA');
    expect(directions).toHaveAttribute('maxlength', '300');
    expect(directions).toHaveAccessibleDescription('How to find you once there: the floor, the door, a landmark.');

    await fillIn();
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());
    // Past what the browser lets anyone type (a value set by other means): 301 characters.
    fireEvent.change(directions, { target: { value: 'a'.repeat(301) } });
    await post();
    expect(directions).toHaveFocus();
    expect(directions).toHaveAccessibleDescription(
      'How to find you once there: the floor, the door, a landmark. Directions must be at most 300 characters',
    );
    expect(posts(adapter)).toHaveLength(0);

    // Counted as the server counts: 300 characters, spaces around them aside, pass.
    fireEvent.change(directions, { target: { value: ` ${'é'.repeat(300)} ` } });
    expect(screen.queryByText('Directions must be at most 300 characters')).not.toBeInTheDocument();
  });

  it('focuses the first invalid field, a drop-down too', async () => {
    open(wanjiru);
    await fillIn();
    await userEvent.upload(photosInput(), photo());
    await post();
    expect(field('Category')).toHaveFocus();
    expect(screen.queryByText('Service name must be at least 5 characters')).not.toBeInTheDocument();
  });

  it('offers the subcategories of the chosen category only, and clears the choice when the category changes', async () => {
    open(wanjiru);
    const subcategory = field('Subcategory');
    expect(subcategory).toBeDisabled();
    expect(within(subcategory).getAllByRole('option')).toHaveLength(1);

    await chooseHairBraiding();
    expect(subcategory).toBeEnabled();
    expect(subcategory).toHaveValue('braiding');
    expect(within(subcategory).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a subcategory',
      'Braiding',
      'Weaving',
      'Locs',
      'Wig Makeovers',
      'Ladies Haircut',
      'Complete Hair Care',
    ]);

    await userEvent.selectOptions(field('Category'), 'beauty');
    expect(subcategory).toHaveValue('');
    expect(within(subcategory).getByRole('option', { name: 'Eyebrows & Lashes' })).toBeInTheDocument();
    expect(within(subcategory).queryByRole('option', { name: 'Braiding' })).not.toBeInTheDocument();

    await userEvent.selectOptions(field('Category'), '');
    expect(subcategory).toBeDisabled();
  });

  it('refuses a file that is not a photo, by name', async () => {
    open(wanjiru);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(photosInput(), [new File(['hello'], 'notes.txt', { type: 'text/plain' }), photo()]);

    expect(screen.getByText('File notes.txt is not a supported image format.')).toBeInTheDocument();
    expect(photosInput()).toHaveAccessibleDescription(
      expect.stringContaining('File notes.txt is not a supported image format.'),
    );
    // The photo picked with it still joins.
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('1 of 3 photos')).toBeInTheDocument();
  });

  it("stops a Basic seller at her package's one photo, and lets her swap it", async () => {
    open(njeri);
    expect(screen.getByText('0 of 1 photos')).toBeInTheDocument();

    await userEvent.upload(photosInput(), photo('first.png'));
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(screen.getByText('1 of 1 photos')).toBeInTheDocument();
    expect(screen.queryByText(/package allows only/)).not.toBeInTheDocument();

    await userEvent.upload(photosInput(), photo('second.png'));
    expect(screen.getByText('Your Basic package allows only 1 photo(s).')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(1);
    expect(screen.getByText('1 of 1 photos')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.queryByRole('img', { name: 'Photo 1' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 1 photos')).toBeInTheDocument();
    expect(screen.queryByText('Your Basic package allows only 1 photo(s).')).not.toBeInTheDocument();
    expect(photosInput()).toHaveFocus();

    await userEvent.upload(photosInput(), photo('second.png'));
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:preview-2');
  });

  it('releases the previews when the page goes', async () => {
    const { unmount } = open(wanjiru);
    await userEvent.upload(photosInput(), [photo('a.png'), photo('b.png')]);
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });
});

describe('PostServiceRoute: a first listing', () => {
  it('is headed for a first service when the seller has none, and only asks when posting', async () => {
    const adapter = mockApi({ 'GET /api/account/services': { status: 200, data: [] } });
    open(wanjiru);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post your first service' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Post your first service · Mtaani'));
    const asked = adapter.mock.calls.map(([request]) => request).find((request) => request.url === '/api/account/services')!;
    expect(asked.params).toEqual({ limit: 1 });
  });

  it('takes what sign-in found until it has asked, and keeps the usual title for a seller with listings', async () => {
    let answer: ((reply: Reply) => void) | undefined;
    mockApi({ 'GET /api/account/services': () => new Promise((resolve) => (answer = resolve)) });
    saveSession('jwt-u-1', wanjiru);
    renderWithRouter(<PostServiceRoute />, { route: { pathname: '/post-service', state: { firstService: true } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Post your first service' })).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer!({ status: 200, data: [serviceDto(1)] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post a Service' })).toBeInTheDocument();
  });
});

describe('PostServiceRoute: posting', () => {
  it("sends the listing with its photo and a key, shows 'Posting...', then thanks and opens the new listing", async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({ 'POST /api/services': () => new Promise((resolve) => (answer = resolve)) });
    open(wanjiru);

    await fillIn({ ...listing, serviceName: `  ${listing.serviceName} ` });
    await userEvent.clear(field('Phone number'));
    await userEvent.type(field('Phone number'), '0712 345 678');
    await userEvent.type(field('Directions (optional)'), '  Upstairs above Naivas, 2nd floor, blue door ');
    await chooseHairBraiding();
    expect(field('Service length')).toHaveValue('60');
    // As long as a service of a menu may take.
    expect(within(field('Service length')).getAllByRole('option').at(-1)).toHaveTextContent('10 hours');
    await userEvent.selectOptions(field('Service length'), '3 hours');
    await userEvent.upload(photosInput(), photo());
    await post();

    const button = await screen.findByRole('button', { name: 'Posting...' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(posts(adapter)).toHaveLength(1));
    const request = posts(adapter)[0]!;
    expect(sentBody(request)).toEqual({
      name: 'Knotless Braids at Home',
      images: [{ data: PNG_DATA_URL, name: 'braids.png' }],
      minPrice: 1500,
      maxPrice: 4500,
      location: 'Kilimani, Nairobi',
      // Typed, not picked: the server reads the place from the text.
      placeId: '',
      servesRadiusKm: 0,
      phoneNumber: '+254712345678',
      category: 'hair',
      subcategory: 'braiding',
      description: listing.description,
      directions: 'Upstairs above Naivas, 2nd floor, blue door',
      durationMinutes: 180,
    });
    expect(sentHeader(request, 'Authorization')).toBe('Bearer jwt-u-1');
    expect(sentHeader(request, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    answer({ status: 201, data: serviceDto(1, { _id: 'new-1' }) });

    expect(await screen.findByRole('status')).toHaveTextContent('Service posted successfully!');
    await waitFor(() => expect(currentUrl()).toBe('/service/new-1'));
  });

  it("shows the server's message and its per-field messages, and keeps what was typed", async () => {
    mockApi({
      'POST /api/services': {
        status: 422,
        data: {
          message: 'Please check the highlighted fields',
          code: 'validation',
          errors: { name: 'Service name must be at most 100 characters', images: 'File braids.png is damaged.' },
        },
      },
    });
    open(wanjiru);

    await fillIn();
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());
    await post();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the highlighted fields');
    expect(field('Service name')).toHaveAccessibleDescription('Service name must be at most 100 characters');
    await waitFor(() => expect(field('Service name')).toHaveFocus());
    expect(photosInput()).toHaveAccessibleDescription(expect.stringContaining('File braids.png is damaged.'));
    expect(field('Service name')).toHaveValue(listing.serviceName);
    expect(field('Description')).toHaveValue(listing.description);
    expect(field('Subcategory')).toHaveValue('braiding');
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post Service' })).toBeEnabled();
    expect(currentUrl()).toBe('/post-service');
  });

  it('falls back to its own message when the server sends none, and retries under the same key', async () => {
    const adapter = mockApi({ 'POST /api/services': networkError });
    open(wanjiru);

    await fillIn();
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());
    await post();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to post service');

    await post();
    await waitFor(() => expect(posts(adapter)).toHaveLength(2));
    const [first, retry] = posts(adapter).map((request) => sentHeader(request, 'Idempotency-Key'));
    expect(retry).toBe(first);
  });

  it('says when it is offline, and keeps everything when a post is sent offline', async () => {
    mockApi({ 'POST /api/services': networkError });
    open(wanjiru);
    await fillIn();
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(
      screen.getByText('You are offline. You can keep filling in the form and send it once you are back online.'),
    ).toHaveAttribute('role', 'status');
    await post();
    const message =
      'You are offline. Your service was not posted: what you entered is still here, so post it again once you are back online.';
    // Above the form, where it stays, and as a notice.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(field('Service name')).toHaveValue(listing.serviceName);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
  });

  it('says so when the token is gone, and sends nothing', async () => {
    const adapter = mockApi({});
    open(wanjiru);

    await fillIn();
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());
    localStorage.removeItem('token');
    await post();

    expect(await screen.findByRole('alert')).toHaveTextContent('No authentication token found');
    expect(posts(adapter)).toHaveLength(0);
  });
});

describe('PostServiceRoute: the place (issue 41)', () => {
  const lavington = {
    id: 'nairobi~lavington',
    name: 'Lavington',
    kind: 'estate' as const,
    county: 'Nairobi',
    subCounty: 'Dagoretti North',
    lat: -1.2833,
    lng: 36.7735,
  };
  const kilimani = { ...lavington, id: 'nairobi.dagoretti-north.kilimani', name: 'Kilimani', kind: 'ward' as const };
  const nairobi = { id: 'nairobi', name: 'Nairobi', kind: 'county' as const, county: 'Nairobi', lat: -1.28, lng: 36.82 };

  // jsdom has no geolocation: the phone's, as a test gives it.
  function givePosition(getCurrentPosition: Geolocation['getCurrentPosition']) {
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  async function postWithPlace(pickPlace: () => Promise<void>) {
    const adapter = mockApi({
      'GET /api/places': (request) => ({
        status: 200,
        data: (request.params as Record<string, string>).near ? [kilimani, lavington] : [nairobi, lavington, kilimani],
      }),
      'POST /api/services': { status: 201, data: serviceDto(1, { _id: 'new-1' }) },
    });
    open(wanjiru);
    await fillIn({ serviceName: listing.serviceName, minPrice: '1500', maxPrice: '4500', description: listing.description });
    await pickPlace();
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());
    await post();
    await waitFor(() => expect(posts(adapter)).toHaveLength(1));
    return { adapter, body: sentBody(posts(adapter)[0]!) as Record<string, unknown> };
  }

  it('suggests wards and estates as the seller types, and sends the one picked with the distance travelled', async () => {
    const { adapter, body } = await postWithPlace(async () => {
      await userEvent.type(field('Location'), 'lavin');
      const list = await screen.findByRole('listbox', { name: 'Suggestions' });
      // A county is no place for a listing: only wards and estates are offered.
      const options = within(list).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual([
        'Lavington, Dagoretti North, NairobiEstate or town',
        'Kilimani, Dagoretti North, NairobiWard',
      ]);
      expect(field('Location')).toHaveAttribute('aria-expanded', 'true');
      await userEvent.click(options[0]!);
      expect(field('Location')).toHaveValue('Lavington, Dagoretti North, Nairobi');
      expect(field('Location')).toHaveAttribute('aria-expanded', 'false');
      expect(field('Location')).toHaveAccessibleDescription(
        'Customers near Lavington, Dagoretti North, Nairobi find you first.',
      );
      await userEvent.selectOptions(field('Do you travel to customers?'), 'Yes, up to 10 km');
    });
    const searched = adapter.mock.calls.map(([r]) => r).filter((r) => r.url === '/api/places');
    expect(searched.at(-1)?.params).toEqual({ query: 'lavin' });
    expect(body).toMatchObject({ location: 'Lavington, Dagoretti North, Nairobi', placeId: 'nairobi~lavington', servesRadiusKm: 10 });
  });

  it('picks with the arrow keys and Enter without sending the form, and forgets the pick when the text changes', async () => {
    const { body } = await postWithPlace(async () => {
      const input = field('Location');
      await userEvent.type(input, 'kili');
      await screen.findByRole('listbox', { name: 'Suggestions' });
      await userEvent.keyboard('{ArrowDown}{ArrowDown}');
      expect(input).toHaveAttribute('aria-activedescendant', expect.stringMatching(/-1$/));
      await userEvent.keyboard('{Enter}');
      expect(input).toHaveValue('Kilimani, Dagoretti North, Nairobi');
      // Enter picked: the form was not sent (it would say what is missing).
      expect(screen.queryByText('Category is required')).not.toBeInTheDocument();
      // Typed over: the server reads the new text.
      await userEvent.clear(input);
      await userEvent.type(input, 'Kilimani, Nairobi');
      await userEvent.keyboard('{Escape}');
    });
    expect(body).toMatchObject({ location: 'Kilimani, Nairobi', placeId: '', servesRadiusKm: 0 });
  });

  it("'Use my location' asks for the phone's position only when tapped, and takes the nearest ward", async () => {
    const getCurrentPosition = vi.fn((done: PositionCallback) =>
      done({ coords: { latitude: -1.2921, longitude: 36.7846 } } as GeolocationPosition),
    );
    givePosition(getCurrentPosition);
    const { adapter, body } = await postWithPlace(async () => {
      expect(getCurrentPosition).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
      await waitFor(() => expect(field('Location')).toHaveValue('Kilimani, Dagoretti North, Nairobi'));
    });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    const near = adapter.mock.calls.map(([r]) => r).find((r) => r.url === '/api/places');
    expect(near?.params).toEqual({ near: '-1.292,36.785' });
    expect(body).toMatchObject({ location: 'Kilimani, Dagoretti North, Nairobi', placeId: kilimani.id });
  });

  it('says so when the position is refused, and leaves the location to be typed', async () => {
    const getCurrentPosition = vi.fn((_: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    givePosition(getCurrentPosition);
    mockApi({});
    open(wanjiru);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText('We could not tell where you are. Type your area and pick it from the list.'),
    ).toBeInTheDocument();
    expect(field('Location')).toHaveValue('');
  });
});

describe('PostServiceRoute: editing', () => {
  const stored = serviceDto(9, {
    _id: 'svc-9',
    name: 'Bridal Glam by Wanjiru',
    minPrice: 3000,
    maxPrice: 8000,
    location: 'Westlands, Nairobi',
    phoneNumber: '+254712345678',
    category: 'bridal',
    subcategory: 'makeup',
    description: 'Soft glam bridal makeup for the bride and her maids, at home or at the venue.',
    durationMinutes: 120,
    directions: 'Ground floor of Sarit Centre, next to the bank.',
    place: { id: 'nairobi~parklands', name: 'Parklands', ward: 'Parklands/Highridge', subCounty: 'Westlands', county: 'Nairobi' },
    servesRadiusKm: 15,
    media: [
      { type: 'image', data: '/media/a-1280.webp', thumbnail: '/media/a-480.webp', width: 1280, height: 960 },
      { type: 'image', data: '/media/b-1280.webp', thumbnail: '/media/b-480.webp', width: 1280, height: 960 },
      { type: 'image', data: '/media/c-1280.webp', thumbnail: '/media/c-480.webp', width: 1280, height: 960 },
    ],
    sellerId: 'u-1',
  });

  it('fills the form, counts the stored photos, keeps those not removed and sends only the new one', async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({
      'GET /api/service/svc-9': { status: 200, data: stored },
      // Held until 'Saving...' has been seen: an answer at once may end the state before a query finds it.
      'PUT /api/service/svc-9': () => new Promise((resolve) => (answer = resolve)),
    });
    open(wanjiru, '/post-service?edit=svc-9');

    expect(screen.getByRole('heading', { level: 1, name: 'Edit service' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Service name')).toHaveValue('Bridal Glam by Wanjiru');
    expect(field('Minimum price')).toHaveValue('3000');
    expect(field('Maximum price')).toHaveValue('8000');
    expect(field('Location')).toHaveValue('Westlands, Nairobi');
    // Its place is kept unless the location changes.
    expect(field('Location')).toHaveAccessibleDescription('Customers near Parklands, Westlands, Nairobi find you first.');
    expect(field('Do you travel to customers?')).toHaveValue('15');
    expect(field('Category')).toHaveValue('bridal');
    expect(field('Subcategory')).toHaveValue('makeup');
    expect(field('Description')).toHaveValue(stored.description);
    expect(field('Directions (optional)')).toHaveValue(stored.directions);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/media/a-480.webp');
    expect(screen.getByText('3 of 3 photos')).toBeInTheDocument();

    // Stored photos count towards the package's limit.
    await userEvent.upload(photosInput(), photo('new.png'));
    expect(screen.getByText('Your Premium package allows only 3 photo(s).')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByRole('button', { name: 'Remove photo 2' })).toHaveFocus();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    await userEvent.upload(photosInput(), photo('new.png'));
    expect(screen.getByText('3 of 3 photos')).toBeInTheDocument();
    await userEvent.clear(field('Maximum price'));
    await userEvent.type(field('Maximum price'), '9000');
    await userEvent.clear(field('Directions (optional)'));
    await userEvent.type(field('Directions (optional)'), 'First floor of Sarit Centre, above the bank.');

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer({ status: 200, data: stored });

    expect(await screen.findByRole('status')).toHaveTextContent('Service updated successfully!');
    await waitFor(() => expect(currentUrl()).toBe('/account'));
    const request = adapter.mock.calls.find(([r]) => r.method === 'put')![0];
    expect(request.url).toBe('/api/service/svc-9');
    expect(sentBody(request)).toEqual({
      name: 'Bridal Glam by Wanjiru',
      images: [{ data: PNG_DATA_URL, name: 'new.png' }],
      keepMedia: ['/media/a-1280.webp', '/media/c-1280.webp'],
      minPrice: 3000,
      maxPrice: 9000,
      location: 'Westlands, Nairobi',
      placeId: 'nairobi~parklands',
      servesRadiusKm: 15,
      phoneNumber: '+254712345678',
      category: 'bridal',
      subcategory: 'makeup',
      description: stored.description,
      directions: 'First floor of Sarit Centre, above the bank.',
      durationMinutes: 120,
    });
  });

  it('says so when the service is not there', async () => {
    mockApi({ 'GET /api/service/gone': { status: 404, data: { message: 'Service not found', code: 'not_found' } } });
    open(wanjiru, '/post-service?edit=gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service not found');
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByLabelText('Service name')).not.toBeInTheDocument();
  });

  it("does not offer to edit another seller's service", async () => {
    mockApi({ 'GET /api/service/svc-9': { status: 200, data: { ...stored, sellerId: 'u-99' } } });
    open(wanjiru, '/post-service?edit=svc-9');
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only edit your own services.');
  });

  it('offers to try again when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({
      'GET /api/service/svc-9': () => (fail ? { status: 503, data: { message: 'down', code: 'unavailable' } } : { status: 200, data: stored }),
    });
    open(wanjiru, '/post-service?edit=svc-9');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load service details. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Service name')).toHaveValue('Bridal Glam by Wanjiru');
  });
});

describe('PostServiceRoute: the service menu (issue 42)', () => {
  const NAME_RULE = 'Each service on the menu needs a name of 2 to 80 characters';
  const SAME_NAME = 'Two services on the menu have this name';
  const PRICE_RULE = 'Each price must be 100 to 10,000,000 Ksh';
  const LENGTH_RULE = 'Each length must be 30 minutes to 10 hours, in steps of 30 minutes';

  const addButton = () => screen.getByRole('button', { name: 'Add a service' });
  const rowName = (number: number) => field(`Service ${number}: Name`);
  const rowPrice = (number: number) => field(`Service ${number}: Price (Ksh)`);
  const rowLength = (number: number) => field(`Service ${number}: Length`);
  const names = () => screen.queryAllByLabelText(/^Service \d+: Name$/).map((input) => (input as HTMLInputElement).value);

  /** Adds a row (by keyboard: Enter on 'Add a service') and fills it in; its name has the focus first. */
  async function addService(name: string, price: string, length: string) {
    addButton().focus();
    await userEvent.keyboard('{Enter}');
    const number = names().length;
    expect(rowName(number)).toHaveFocus();
    if (name) await userEvent.keyboard(name);
    await userEvent.tab();
    expect(rowPrice(number)).toHaveFocus();
    if (price) await userEvent.keyboard(price);
    if (length) await userEvent.selectOptions(rowLength(number), length);
  }

  async function fillInTheRest() {
    await fillIn({ serviceName: listing.serviceName, location: listing.location, description: listing.description });
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());
  }

  it('adds services one row at a time, hides the two prices for the range the menu gives, and posts the menu without prices', async () => {
    const adapter = mockApi({ 'POST /api/services': { status: 201, data: serviceDto(1, { _id: 'new-1' }) } });
    open(wanjiru);
    const section = screen.getByRole('group', { name: 'Service menu (optional)' });
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    expect(field('Minimum price')).toBeInTheDocument();

    await addService('Knotless, shoulder length', '2,500', '3 hours');
    expect(screen.queryByLabelText('Minimum price')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Maximum price')).not.toBeInTheDocument();
    expect(screen.getByText('Ksh 2,500')).toBeInTheDocument();
    expect(rowPrice(1)).toHaveAttribute('inputmode', 'numeric');
    // Half an hour to ten hours, in steps of 30 minutes, after the prompt to choose.
    const lengths = within(rowLength(1)).getAllByRole('option').map((option) => option.textContent);
    expect(lengths).toHaveLength(21);
    expect(lengths.slice(0, 4)).toEqual(['Choose how long it takes', '30 minutes', '1 hour', '1 hour 30 minutes']);
    expect(lengths.at(-1)).toBe('10 hours');

    await addService('Wash and blow-dry', '500', '30 minutes');
    expect(screen.getByText('Ksh 500 - Ksh 2,500')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);

    await fillInTheRest();
    await post();
    await waitFor(() => expect(posts(adapter)).toHaveLength(1));
    const body = sentBody(posts(adapter)[0]!) as Record<string, unknown>;
    expect(body.options).toEqual([
      { name: 'Knotless, shoulder length', priceKsh: 2500, durationMinutes: 180 },
      { name: 'Wash and blow-dry', priceKsh: 500, durationMinutes: 30 },
    ]);
    expect(body).not.toHaveProperty('minPrice');
    expect(body).not.toHaveProperty('maxPrice');
    expect(body).toMatchObject({ name: listing.serviceName, durationMinutes: 60, category: 'hair' });
  });

  it('moves rows up and down and removes them from the keyboard, the focus staying with the row', async () => {
    open(wanjiru);
    await addService('Cornrows', '800', '2 hours');
    await addService('Wash and blow-dry', '500', '30 minutes');
    await addService('Knotless, waist length', '6000', '6 hours');
    expect(screen.getByRole('button', { name: 'Move service 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move service 3 down' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move service 3 up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['Cornrows', 'Knotless, waist length', 'Wash and blow-dry']);
    // Its prices and lengths move with it.
    expect(rowPrice(2)).toHaveValue('6000');
    expect(rowLength(2)).toHaveValue('360');
    expect(screen.getByRole('button', { name: 'Move service 2 up' })).toHaveFocus();
    expect(screen.getByText('Moved to place 2 of 3')).toBeInTheDocument();

    // At the top its way up is off: the way down keeps the focus.
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['Knotless, waist length', 'Cornrows', 'Wash and blow-dry']);
    expect(screen.getByRole('button', { name: 'Move service 1 down' })).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['Cornrows', 'Knotless, waist length', 'Wash and blow-dry']);
    expect(screen.getByRole('button', { name: 'Move service 2 down' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Remove service 2' }));
    expect(names()).toEqual(['Cornrows', 'Wash and blow-dry']);
    expect(screen.getByRole('button', { name: 'Remove service 2' })).toHaveFocus();
    expect(screen.getByText('Service removed from the menu.')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['Cornrows']);
    expect(screen.getByRole('button', { name: 'Remove service 1' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual([]);
    expect(addButton()).toHaveFocus();
    // No menu: the two prices are asked for again.
    expect(field('Minimum price')).toBeInTheDocument();
  });

  it('posts no menu, and the prices, once every row is removed', async () => {
    const adapter = mockApi({ 'POST /api/services': { status: 201, data: serviceDto(1, { _id: 'new-1' }) } });
    open(wanjiru);
    await addService('Cornrows', '800', '2 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Remove service 1' }));
    await fillIn();
    await chooseHairBraiding();
    await userEvent.upload(photosInput(), photo());
    await post();
    await waitFor(() => expect(posts(adapter)).toHaveLength(1));
    const body = sentBody(posts(adapter)[0]!) as Record<string, unknown>;
    expect(body).toMatchObject({ minPrice: 1500, maxPrice: 4500 });
    expect(body).not.toHaveProperty('options');
  });

  it("checks each row as the server does and says so at the row's field, focusing the first", async () => {
    const adapter = mockApi({});
    open(wanjiru);
    await addService('W', '50', '');
    await addService('Wash and blow-dry', '500', '30 minutes');
    await addService(' wash and BLOW-DRY ', '10,000,001', '1 hour');
    await fillInTheRest();
    await post();

    expect(rowName(1)).toHaveFocus();
    expect(rowName(1)).toHaveAttribute('aria-invalid', 'true');
    expect(rowName(1)).toHaveAccessibleDescription(NAME_RULE);
    expect(rowPrice(1)).toHaveAccessibleDescription(PRICE_RULE);
    expect(rowLength(1)).toHaveAccessibleDescription(LENGTH_RULE);
    expect(rowName(2)).not.toHaveAttribute('aria-invalid');
    expect(rowPrice(2)).not.toHaveAttribute('aria-invalid');
    expect(rowName(3)).toHaveAccessibleDescription(SAME_NAME);
    expect(rowPrice(3)).toHaveAccessibleDescription(PRICE_RULE);
    expect(rowLength(3)).not.toHaveAttribute('aria-invalid');
    // With a menu, the listing's own prices are not asked for.
    expect(screen.queryByText('Minimum price must be at least 100 Ksh')).not.toBeInTheDocument();
    expect(posts(adapter)).toHaveLength(0);

    // Checked again as the seller fixes them.
    await userEvent.type(rowName(1), 'ash');
    expect(rowName(1)).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(rowName(3));
    await userEvent.type(rowName(3), 'Cornrows');
    expect(rowName(3)).not.toHaveAttribute('aria-invalid');
    expect(rowPrice(3)).toHaveAccessibleDescription(PRICE_RULE);
  });

  it("puts the server's messages on the row and field they name, where they stay when the row moves", async () => {
    const adapter = mockApi({
      'POST /api/services': {
        status: 400,
        data: {
          message: 'Please check the highlighted fields',
          code: 'validation',
          errors: {
            'options[1].priceKsh': PRICE_RULE,
            'options[2].name': SAME_NAME,
            options: 'A menu has at most 30 services',
          },
        },
      },
    });
    open(wanjiru);
    await addService('Cornrows', '800', '2 hours');
    await addService('Wash and blow-dry', '500', '30 minutes');
    await addService('Knotless, waist length', '6000', '6 hours');
    await fillInTheRest();
    await post();
    await waitFor(() => expect(posts(adapter)).toHaveLength(1));

    await waitFor(() => expect(rowPrice(2)).toHaveFocus());
    expect(rowPrice(2)).toHaveAccessibleDescription(PRICE_RULE);
    expect(rowName(3)).toHaveAccessibleDescription(SAME_NAME);
    expect(rowName(1)).not.toHaveAttribute('aria-invalid');
    expect(rowPrice(1)).not.toHaveAttribute('aria-invalid');
    const section = screen.getByRole('group', { name: 'Service menu (optional)' });
    expect(section).toHaveAccessibleDescription(expect.stringContaining('A menu has at most 30 services'));
    // Not above the form: each message is at its place.
    expect(screen.getByRole('alert')).not.toHaveTextContent(PRICE_RULE);

    await userEvent.click(screen.getByRole('button', { name: 'Move service 2 up' }));
    expect(rowPrice(1)).toHaveValue('500');
    expect(rowPrice(1)).toHaveAccessibleDescription(PRICE_RULE);
    expect(rowPrice(2)).not.toHaveAttribute('aria-invalid');
    expect(rowName(3)).toHaveAccessibleDescription(SAME_NAME);

    // A field edited loses its message; the others keep theirs.
    await userEvent.type(rowPrice(1), '0');
    expect(rowPrice(1)).not.toHaveAttribute('aria-invalid');
    expect(rowName(3)).toHaveAccessibleDescription(SAME_NAME);
  });

  describe('editing a listing with a menu', () => {
    const braids = serviceDto(4, {
      _id: 'svc-4',
      name: 'Knotless Braids by Achieng',
      minPrice: 500,
      maxPrice: 6000,
      category: 'hair',
      subcategory: 'braiding',
      sellerId: 'u-1',
      description: 'Knotless braids in every length, with the hair included, at my salon in Kilimani.',
      options: braidsMenu.filter((option) => option.id !== 'o-3'),
    });

    async function openBraids() {
      const adapter = mockApi({
        'GET /api/service/svc-4': { status: 200, data: braids },
        'PUT /api/service/svc-4': { status: 200, data: braids },
      });
      open(wanjiru, '/post-service?edit=svc-4');
      await screen.findByLabelText('Service name');
      return adapter;
    }

    async function save(adapter: ReturnType<typeof mockApi>) {
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(currentUrl()).toBe('/account'));
      const request = adapter.mock.calls.find(([r]) => r.method === 'put')![0];
      return sentBody(request) as Record<string, unknown>;
    }

    it('fills the rows from the listing, and sends back the ids of the services it keeps', async () => {
      const adapter = await openBraids();
      expect(names()).toEqual(['Wash and blow-dry', 'Knotless shoulder length', 'Knotless waist length']);
      expect(rowPrice(2)).toHaveValue('2500');
      expect(rowLength(2)).toHaveValue('180');
      expect(rowLength(3)).toHaveDisplayValue('6 hours');
      expect(screen.queryByLabelText('Minimum price')).not.toBeInTheDocument();
      expect(screen.getByText('Ksh 500 - Ksh 6,000')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Remove service 1' }));
      await addService('Cornrows', '800', '2 hours');
      await userEvent.click(screen.getByRole('button', { name: 'Move service 3 up' }));
      await userEvent.clear(rowPrice(3));
      await userEvent.type(rowPrice(3), '6,500');
      expect(screen.getByText('Ksh 800 - Ksh 6,500')).toBeInTheDocument();

      const body = await save(adapter);
      expect(body.options).toEqual([
        { id: 'o-2', name: 'Knotless shoulder length', priceKsh: 2500, durationMinutes: 180 },
        { name: 'Cornrows', priceKsh: 800, durationMinutes: 120 },
        { id: 'o-4', name: 'Knotless waist length', priceKsh: 6500, durationMinutes: 360 },
      ]);
      expect(body).not.toHaveProperty('minPrice');
      expect(body).not.toHaveProperty('maxPrice');
    });

    it('sends [] once every row is removed, with the prices it asks for again', async () => {
      const adapter = await openBraids();
      for (let left = 3; left > 0; left -= 1) {
        await userEvent.click(screen.getByRole('button', { name: `Remove service ${left}` }));
      }
      // The range the menu gave, to keep or change.
      expect(field('Minimum price')).toHaveValue('500');
      expect(field('Maximum price')).toHaveValue('6000');
      await userEvent.clear(field('Maximum price'));
      await userEvent.type(field('Maximum price'), '5000');

      const body = await save(adapter);
      expect(body).toMatchObject({ options: [], minPrice: 500, maxPrice: 5000 });
    });
  });
});
