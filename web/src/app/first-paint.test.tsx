// The first paint draws React's own markup: when React replaces it, nothing on screen may move. Each
// page is rendered both ways from the same answer and the two are compared element by element
// (attributes in any order; ids are each side's own, so only which elements share one is compared).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Brand } from '@/components/layouts/brand';
import { serviceDto, serviceDtos } from '@/components/listings/fixtures';
import { categories } from '@/config/categories';
import HomeRoute from '@/features/home/routes/home';
import AllServicesRoute from '@/features/listings/routes/all-services';
import ServiceDetailRoute from '@/features/listings/routes/service-detail';
import SignInRoute from '@/features/auth/routes/sign-in';
import { ToastProvider } from '@/components/ui/toast';
import { renderRoute } from '@/features/listings/test-utils';
import { toListingDetail, toListings } from '@/lib/listing';
import { mockApi, sentBody } from '@/testing/mock-api';
import type { ServiceDto } from '@/types/api';
import { brandHtml, pageHtml, paintFirstScreen, type FirstPaint } from './first-paint';

/** `html` as a canonical string: sorted attributes, ids numbered in order of use, text nodes merged. */
function canonical(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const ids = new Map<string, string>();
  const idOf = (value: string) => {
    if (!ids.has(value)) ids.set(value, `id${ids.size + 1}`);
    return ids.get(value)!;
  };
  const idAttributes = new Set(['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls']);
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const element = node as Element;
    const attributes = [...element.attributes]
      // React Router marks its links for its own data loading; nothing on screen depends on it.
      .filter((attribute) => attribute.name !== 'data-discover')
      .map(({ name, value }) => {
        const shown = idAttributes.has(name) ? value.split(/\s+/).map(idOf).join(' ') : value;
        return `${name}="${shown}"`;
      })
      .sort();
    const tag = element.tagName.toLowerCase();
    return `<${[tag, ...attributes].join(' ')}>${[...element.childNodes].map(walk).join('')}</${tag}>`;
  };
  return [...template.content.childNodes].map(walk).join('');
}

/** Lists every difference's neighbourhood, rather than one line of thousands of characters. */
function expectSameMarkup(react: string, painted: string) {
  const split = (html: string) => canonical(html).split(/(?=<[a-z])/);
  expect(split(painted)).toEqual(split(react));
}

const withoutPhone = serviceDto(99, { phoneNumber: '', featured: true, subcategory: 'no-such-thing', name: 'A & B "Best" <Salon>' });

describe('first paint markup', () => {
  it("draws the home page's banner and sections as HomeRoute does", async () => {
    const answers = Object.fromEntries(
      categories.map((category, index) => {
        const services: ServiceDto[] =
          index === 0 ? [...serviceDtos(3, 0, { category: category.id, featured: true }), withoutPhone] : [];
        return [`GET /api/services/${category.id}`, { status: 200, data: index === 2 ? serviceDtos(2, 10) : services }];
      }),
    );
    mockApi(answers);
    const { container } = renderRoute(<HomeRoute />, { path: '/', url: '/' });
    await screen.findAllByRole('article');
    const sections = [
      { category: categories[0]!, listings: toListings([...serviceDtos(3, 0, { category: categories[0]!.id, featured: true }), withoutPhone]) },
      { category: categories[2]!, listings: toListings(serviceDtos(2, 10)) },
    ];
    expectSameMarkup(container.querySelector('.home')!.outerHTML, pageHtml({ page: 'home', sections }));
  });

  it('draws all services as AllServicesRoute does, "Load more" included', async () => {
    const page = [...serviceDtos(47), withoutPhone];
    mockApi({ 'GET /api/services': { status: 200, data: page } });
    const { container } = renderRoute(<AllServicesRoute />, { path: '/all-services', url: '/all-services' });
    await screen.findByRole('button', { name: 'Load more' });
    const painted = pageHtml({ page: 'allServices', listings: toListings(page), hasMore: true });
    expectSameMarkup(container.querySelector('.page')!.outerHTML, painted);
  });

  it.each([
    ['with several photos and a phone', serviceDto(7, { featured: true, media: [...serviceDto(1).media!, ...serviceDto(2).media!] })],
    ['with one photo', serviceDto(8, { description: '' })],
    ['without a photo or a phone', { ...withoutPhone, media: [] }],
  ])('draws a service page %s as ServiceDetailRoute does', async (_, dto) => {
    mockApi({ [`GET /api/service/${dto._id}`]: { status: 200, data: dto } });
    const { container } = renderRoute(<ServiceDetailRoute />, { path: '/service/:id', url: `/service/${dto._id}` });
    await screen.findByRole('heading', { level: 1, name: dto.name });
    const painted = pageHtml({ page: 'serviceDetail', listing: toListingDetail(dto) });
    expectSameMarkup(container.querySelector('.service-detail')!.outerHTML, painted);
  });

  it('draws the sign-in form as SignInRoute does', () => {
    const { container } = render(
      <ToastProvider>
        <MemoryRouter>
          <SignInRoute />
        </MemoryRouter>
      </ToastProvider>,
    );
    expectSameMarkup(container.querySelector('.auth-page')!.outerHTML, pageHtml({ page: 'signIn' }));
  });

  it("draws the header's brand as Brand does", () => {
    const { container } = render(
      <MemoryRouter>
        <Brand />
      </MemoryRouter>,
    );
    expectSameMarkup(container.innerHTML, brandHtml());
  });
});

describe('paintFirstScreen', () => {
  // jsdom decodes no images.
  beforeAll(() => {
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: () => Promise.resolve(), configurable: true });
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  const screenOf = (dto: ServiceDto): FirstPaint => ({ page: 'serviceDetail', listing: toListingDetail(dto) });

  it('draws the layout with the page, a menu button on a phone and the sub-bar on a desktop', async () => {
    const root = document.createElement('div');
    await paintFirstScreen(root, screenOf(serviceDto(1)), false);
    expect(root.querySelector('.site-header__menu-button')).not.toBeNull();
    expect(root.querySelector('.subbar')).toBeNull();
    expect(root.querySelector('main#main-content h1')).toHaveTextContent('Service 1');

    const wide = document.createElement('div');
    await paintFirstScreen(wide, screenOf(serviceDto(1)), true);
    expect(wide.querySelector('.site-header__menu-button')).toBeNull();
    expect(wide.querySelector('.subbar')).not.toBeNull();
  });

  it('leaves a root that the app has already drawn into alone', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>the app</p>';
    await paintFirstScreen(root, screenOf(serviceDto(1)), false);
    expect(root.innerHTML).toBe('<p>the app</p>');
  });

  it('shows the placeholder for a photo that fails, as the cards do', async () => {
    const root = document.createElement('div');
    await paintFirstScreen(root, screenOf(serviceDto(1)), false);
    const photo = root.querySelector('.gallery__stage img')!;
    photo.dispatchEvent(new Event('error'));
    expect(photo).toHaveAttribute('src', '/images/service-placeholder.svg');
  });
});

describe('a button pressed on the first screen', () => {
  beforeAll(() => {
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { value: () => Promise.resolve(), configurable: true });
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  it("is pressed again on React's copy once React has replaced the screen", async () => {
    const root = document.createElement('div');
    const listing = toListingDetail(serviceDto(1, { media: [...serviceDto(1).media!, ...serviceDto(2).media!] }));
    await paintFirstScreen(root, { page: 'serviceDetail', listing }, false);
    (root.querySelectorAll('.gallery__thumb')[1] as HTMLButtonElement).click();

    // What React does: the same markup in new elements.
    const copy = root.innerHTML;
    const pressed: string[] = [];
    root.replaceChildren();
    root.innerHTML = copy;
    root.addEventListener('click', (event) => pressed.push((event.target as Element).getAttribute('aria-label') ?? ''));
    await vi.waitFor(() => expect(pressed).toEqual(['Show photo 2 of 2']));
  });

  it('presses nothing when no button was pressed, and only once', async () => {
    const root = document.createElement('div');
    await paintFirstScreen(root, { page: 'serviceDetail', listing: toListingDetail(serviceDto(1)) }, false);
    const pressed: string[] = [];
    const copy = root.innerHTML;
    root.replaceChildren();
    root.innerHTML = copy;
    root.addEventListener('click', () => pressed.push('click'));
    root.innerHTML = copy;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pressed).toEqual([]);
  });
});

/** What React does to the first screen: the app's sign-in page, in the layout's <main>, in its place. */
function replaceWithTheApp(root: HTMLElement) {
  root.replaceChildren();
  render(
    <ToastProvider>
      <MemoryRouter initialEntries={['/signin']}>
        <main id="main-content">
          <SignInRoute />
        </main>
      </MemoryRouter>
    </ToastProvider>,
    { container: root },
  );
}

describe('the sign-in form filled in before the app has loaded', () => {
  it("is carried over into the app's form: what was typed and ticked, and the press of Sign in", async () => {
    const user = userEvent.setup();
    const root = document.createElement('div');
    document.body.append(root);
    await paintFirstScreen(root, { page: 'signIn' }, false);
    await user.type(root.querySelector<HTMLInputElement>('input[name="email"]')!, 'wanjiru@example.com');
    await user.click(root.querySelector<HTMLInputElement>('input[name="rememberMe"]')!);
    await user.type(root.querySelector<HTMLInputElement>('input[name="password"]')!, 'secret-pass');
    // A plain form would be sent as a GET with the password in its URL: held for the app instead.
    const sent = vi.fn<(prevented: boolean) => void>();
    root.addEventListener('submit', (event) => {
      sent(event.defaultPrevented);
    });
    await user.click(root.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    expect(sent).toHaveBeenCalledWith(true);

    const adapter = mockApi({ 'POST /api/login': { status: 401, data: { message: 'Invalid email or password' } } });
    replaceWithTheApp(root);
    await vi.waitFor(() => expect(adapter).toHaveBeenCalledTimes(1));
    expect(sentBody(adapter.mock.calls[0]![0])).toEqual({
      email: 'wanjiru@example.com',
      password: 'secret-pass',
      rememberMe: true,
    });
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(password.value).toBe('secret-pass');
    root.remove();
  });

  it('keeps the cursor where it was in the field being typed into', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    await paintFirstScreen(root, { page: 'signIn' }, false);
    // Typed, then two characters back (set directly: user-event keeps a cursor of its own).
    const typed = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    typed.focus();
    typed.value = 'secret';
    typed.setSelectionRange(4, 4);

    replaceWithTheApp(root);
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    await vi.waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveValue('secret');
    expect(password.selectionStart).toBe(4);
    root.remove();
  });
});
