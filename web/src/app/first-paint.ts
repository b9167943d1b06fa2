// The first screen of the listing pages (/, /all-services, /service/{id}) drawn without React, as soon
// as its data has come, so that a phone shows the services while React (about 100 KiB of script) still
// downloads; the app is fetched only once those photos are on screen (boot.ts). The sign-in form too
// (/signin, and /post-service for a visitor, whom the app sends there): what is typed into it before
// the app has loaded is carried over into the app's form. Its markup is React's
// own for the same data (first-paint.test.tsx renders both and compares them): when React mounts, it
// replaces this with the same boxes in the same places and nothing moves. Free of React and of the
// router for that reason; links work as plain links until the app has loaded.
//
// Only what a first screen shows is drawn: the header's bar (its menu button and brand; the controls
// that depend on the session or the screen width come with the app), the page, no footer.
import { buttonClass } from '@/components/ui/button-class';
import { iconPaths } from '@/components/ui/icon-paths';
import { paths } from '@/config/paths';
import { HOME_SECTION_SIZE, type HomeSection } from '@/features/home/api/get-home-sections';
import { formatPriceRange } from '@/lib/format';
import { categoryTitle, PLACEHOLDER_IMAGE, subcategoryTitle } from '@/lib/listing';
import { cleanPhoneNumber } from '@/lib/phone';
import { whatsappLink } from '@/lib/whatsapp';
import type { Listing, ListingDetail } from '@/types/api';
// The styles of what is drawn here, in <head> with the entry's own (they would otherwise come with
// each page's chunk, after this screen has painted).
import '@/components/ui/badge.css';
import '@/components/ui/form-field.css';
import '@/components/ui/icon-button.css';
import '@/features/auth/components/auth.css';
import '@/components/ui/breadcrumb.css';
import '@/components/ui/page-hero.css';
import '@/components/ui/skeleton.css';
import '@/components/ui/tabs.css';
import '@/components/listings/listing-grid.css';
import '@/components/listings/service-card.css';
import '@/features/home/components/category-section.css';
import '@/features/home/routes/home.css';
import '@/features/listings/components/listings-feed-view.css';
import '@/features/listings/components/service-gallery.css';
import '@/features/listings/routes/service-detail.css';

/** What a first screen draws: the data its page would render at once. */
export type FirstPaint =
  | { page: 'home'; sections: readonly HomeSection[] }
  | { page: 'allServices'; listings: readonly Listing[]; hasMore: boolean }
  | { page: 'serviceDetail'; listing: ListingDetail }
  | { page: 'signIn' };

// Must be kept in line with the React components named beside each part (first-paint.test.tsx).

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text or an attribute's value, escaped as React escapes it. */
function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

let nextId = 0;
/** An id of this screen's own (React's useId gives its own when it replaces the screen). */
const uid = () => `fp-${++nextId}`;

// components/ui/icons.tsx
function icon(size: number, body: string, filled = false): string {
  const paint = filled ? 'fill="currentColor" stroke="none"' : 'fill="none" stroke="currentColor"';
  return `<svg viewBox="0 0 24 24" width="${size}" height="${size}" ${paint} stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;
}

// components/layouts/brand.tsx
export function brandHtml(): string {
  return `<a class="brand brand--dark" href="${paths.home.getHref()}"><svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="var(--color-primary)"></rect><path d="M16 6.5c-4.1 0-7.3 3.2-7.3 7.2 0 5.2 6 10.9 6.7 11.5a.9.9 0 0 0 1.2 0c.7-.6 6.7-6.3 6.7-11.5 0-4-3.2-7.2-7.3-7.2z" fill="#fff"></path><path d="M12.6 15.2 16 11.9l3.4 3.3v3.2h-6.8z" fill="var(--color-primary)"></path><circle cx="23.5" cy="8.5" r="2.6" fill="var(--color-gold)"></circle></svg><span class="brand__name">Mtaani</span></a>`;
}

// components/layouts/main-layout.tsx and header/header.tsx: the bar's height and what stands at its left.
function layoutHtml(page: string, desktop: boolean): string {
  const menuButton = desktop
    ? ''
    : `<button type="button" class="icon-button site-header__menu-button" aria-label="Open menu" aria-haspopup="dialog" aria-expanded="false">${icon(24, iconPaths.menu)}</button>`;
  const subbar = desktop ? '<nav class="subbar" aria-label="Main"><div class="container subbar__inner"></div></nav>' : '';
  return (
    '<a href="#main-content" class="skip-link">Skip to main content</a>' +
    `<header class="site-header"><div class="container site-header__bar">${menuButton}${brandHtml()}<div class="site-header__account"></div></div>${subbar}</header>` +
    `<main id="main-content" class="site-main" tabindex="-1">${page}</main>`
  );
}

// components/listings/service-card.tsx
export function serviceCardHtml(listing: Listing, headingLevel: 2 | 3 = 2, priority = false): string {
  const titleId = uid();
  const href = esc(paths.service.getHref(listing.id));
  const subcategory = subcategoryTitle(listing);
  const chatLink = whatsappLink(listing);
  const heading = `h${headingLevel}`;
  const loading = priority ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
  const badge = listing.featured
    ? `<span class="gold-badge service-card__badge">${icon(14, iconPaths.star, true)}Featured</span>`
    : '';
  const action = chatLink
    ? `<a class="${buttonClass({ variant: 'whatsapp', block: true })}" href="${esc(chatLink)}" target="_blank" rel="noopener noreferrer">${icon(20, iconPaths.whatsApp)}Contact via WhatsApp<span class="visually-hidden"> about ${esc(listing.name)} (opens in a new tab)</span></a>`
    : `<button type="button" class="${buttonClass({ variant: 'secondary', block: true })}" disabled="">Contact Unavailable</button>`;
  return (
    `<article class="service-card" aria-labelledby="${titleId}">` +
    `<a class="service-card__media" tabindex="-1" aria-hidden="true" href="${href}"><img src="${esc(listing.image)}" alt="" width="480" height="360" ${loading} decoding="async"></a>` +
    badge +
    '<div class="service-card__body">' +
    (subcategory ? `<p class="service-card__category">${esc(subcategory)}</p>` : '') +
    `<${heading} id="${titleId}" class="service-card__name"><a href="${href}">${esc(listing.name)}</a></${heading}>` +
    `<p class="service-card__location">${icon(16, iconPaths.mapPin)}<span>${esc(listing.location)}</span></p>` +
    `<p class="service-card__price">${esc(formatPriceRange(listing.minPrice, listing.maxPrice))}</p>` +
    `</div><div class="service-card__actions">${action}</div></article>`
  );
}

// components/listings/listing-grid.tsx
function listingGridHtml(listings: readonly Listing[], headingLevel: 2 | 3, priorityCount: number): string {
  const items = listings.map((listing, index) => `<li>${serviceCardHtml(listing, headingLevel, index < priorityCount)}</li>`);
  return `<ul class="listing-grid" role="list">${items.join('')}</ul>`;
}

// features/home/routes/home.tsx, with components/ui/page-hero.tsx and ../components/category-section.tsx
function homeHtml(sections: readonly HomeSection[]): string {
  const hero =
    '<header class="page-hero"><p class="page-hero__eyebrow">Karibu Mtaani</p>' +
    '<h1 class="page-hero__title">Find trusted beauty, wellness and lifestyle services near you</h1>' +
    '<p class="page-hero__lead">Hair, beauty, health, fitness, bridal and more from providers in your neighbourhood. Compare prices, then chat on WhatsApp.</p>' +
    `<div class="page-hero__extra"><button type="button" class="${buttonClass({ size: 'lg' })}" aria-haspopup="dialog">${icon(20, iconPaths.calendar)}Book an Appointment</button></div></header>`;
  const body = sections.map(({ category, listings }, index) => {
    const headingId = `category-${esc(category.id)}-heading`;
    return (
      `<section class="category-section" aria-labelledby="${headingId}"><div class="category-section__header">` +
      `<h2 id="${headingId}" class="category-section__title">${esc(category.title)}</h2>` +
      `<a class="category-section__view-all" aria-describedby="${headingId}" href="${paths.allServices.getHref()}">View All${icon(18, iconPaths.arrowRight)}</a></div>` +
      listingGridHtml(listings.slice(0, HOME_SECTION_SIZE), 3, index === 0 ? 2 : 0) +
      '</section>'
    );
  });
  return `<div class="container page home">${hero}${body.join('')}</div>`;
}

// features/listings/components/listings-page.tsx and listings-feed-view.tsx (the page's first part)
function allServicesHtml(listings: readonly Listing[], hasMore: boolean): string {
  const more = hasMore
    ? `<div class="listings-feed__more"><button type="button" class="${buttonClass({ variant: 'secondary', size: 'lg' })}" aria-busy="false">Load more</button></div>`
    : '';
  return (
    '<div class="container page"><header class="page-header"><h1>All Services</h1><p>Browse trusted beauty, wellness and lifestyle providers near you.</p></header>' +
    `<p class="visually-hidden" role="status">${listings.length} services shown</p>${listingGridHtml(listings, 2, 2)}${more}</div>`
  );
}

// features/listings/routes/service-detail.tsx, with ../components/service-gallery.tsx, ui/tabs.tsx
// and ui/breadcrumb.tsx
function serviceDetailHtml(listing: ListingDetail): string {
  const titleId = uid();
  const tabsId = uid();
  const name = esc(listing.name);
  const categoryName = categoryTitle(listing);
  const categoryHref = esc(paths.category.getHref(categoryName));
  const subcategory = subcategoryTitle(listing);
  const photos = listing.photos;
  const first = photos[0];
  const count = photos.length;
  const alt = count > 1 ? `${listing.name}, photo 1 of ${count}` : first ? listing.name : `${listing.name}: no photo yet`;
  const stage = `<div class="gallery__stage"><img src="${esc(first ? first.src : PLACEHOLDER_IMAGE)}" alt="${esc(alt)}" width="${first ? first.width : 480}" height="${first ? first.height : 360}" fetchpriority="high"></div>`;
  const thumbs =
    count > 1
      ? `<ul class="gallery__thumbs" role="list" aria-label="Photos">${photos
          .map(
            (photo, i) =>
              `<li><button type="button" class="gallery__thumb" aria-label="Show photo ${i + 1} of ${count}" aria-pressed="${i === 0}"><img src="${esc(photo.thumbnail)}" alt="" width="96" height="72" loading="lazy" decoding="async"></button></li>`,
          )
          .join('')}</ul>`
      : '';
  const tab = (id: string, label: string, selected: boolean) =>
    `<button type="button" role="tab" id="${tabsId}-tab-${id}" class="tabs__tab" aria-selected="${selected}" aria-controls="${tabsId}-panel-${id}" tabindex="${selected ? 0 : -1}">${label}</button>`;
  const panel = (id: string, body: string, selected: boolean) =>
    `<div role="tabpanel" id="${tabsId}-panel-${id}" class="tabs__panel" aria-labelledby="${tabsId}-tab-${id}"${selected ? '' : ' hidden=""'} tabindex="0">${body}</div>`;
  const description = esc(listing.description || 'The provider has not added a description yet.');
  const phone = listing.phoneNumber;
  const phoneFact = phone
    ? `<a href="tel:${esc(cleanPhoneNumber(phone) ?? phone.replace(/[^\d+]/g, ''))}">${esc(phone)}</a>`
    : 'Not provided';
  const chatLink = whatsappLink(listing);
  const contact = chatLink
    ? `<a class="${buttonClass({ variant: 'whatsapp', size: 'lg', block: true })}" href="${esc(chatLink)}" target="_blank" rel="noopener noreferrer">${icon(22, iconPaths.whatsApp)}Contact via WhatsApp<span class="visually-hidden"> (opens in a new tab)</span></a>`
    : `<div><button type="button" class="${buttonClass({ variant: 'secondary', size: 'lg', block: true })}" aria-disabled="true">Contact Unavailable</button><p class="service-detail__alert" role="alert"></p></div>`;
  return (
    '<div class="container page service-detail">' +
    `<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="${paths.home.getHref()}">Home</a></li><li><a href="${categoryHref}">${esc(categoryName)}</a></li><li><span aria-current="page">${name}</span></li></ol></nav>` +
    `<article class="service-detail__layout" aria-labelledby="${titleId}"><header class="service-detail__summary"><div class="service-detail__labels">` +
    (subcategory ? `<p class="service-detail__subcategory">${esc(subcategory)}</p>` : '') +
    (listing.featured ? `<span class="gold-badge service-detail__badge">${icon(14, iconPaths.star, true)}Featured</span>` : '') +
    `</div><h1 id="${titleId}" class="service-detail__name">${name}</h1>` +
    `<p class="service-detail__price"><span class="visually-hidden">Price range: </span>${esc(formatPriceRange(listing.minPrice, listing.maxPrice))}</p></header>` +
    `<div class="tabs service-detail__tabs"><div class="tabs__list" role="tablist" aria-label="About this service">${tab('gallery', 'Gallery', true)}${tab('description', 'Description', false)}</div>` +
    panel('gallery', `<div class="gallery">${stage}${thumbs}</div>`, true) +
    panel('description', `<p class="service-detail__description">${description}</p>`, false) +
    '</div>' +
    '<section class="service-detail__contact card" aria-label="Details and contact"><dl class="service-detail__facts">' +
    `<div><dt>Category</dt><dd><a href="${categoryHref}">${esc(categoryName)}</a></dd></div>` +
    `<div><dt>Location</dt><dd class="service-detail__fact-with-icon">${icon(18, iconPaths.mapPin)}${esc(listing.location)}</dd></div>` +
    `<div><dt>Phone</dt><dd class="service-detail__fact-with-icon">${icon(18, iconPaths.phone)}${phoneFact}</dd></div></dl>` +
    contact +
    `<button type="button" class="${buttonClass({ size: 'lg', block: true })}" aria-haspopup="dialog">${icon(20, iconPaths.calendar)}Book an Appointment</button>` +
    `<a class="service-detail__report" href="/contact?report=${esc(encodeURIComponent(listing.id))}" data-discover="true">Report this listing</a>` +
    '</section></article></div>'
  );
}

// features/auth/routes/sign-in.tsx, with ../components/auth-card.tsx and components/ui/form-field.tsx
function signInHtml(): string {
  const email = uid();
  const password = uid();
  return (
    '<div class="container page auth-page"><div class="card auth-card auth-card--narrow"><header class="auth-card__header"><h1 class="auth-card__title">Welcome back</h1><div class="auth-card__description">Sign in to your Mtaani account.</div></header>' +
    '<form class="auth-form" novalidate="">' +
    `<div class="field"><label for="${email}" class="field__label">Email</label><div class="field__control"><input id="${email}" name="email" class="field__input" type="email" autocomplete="email" inputmode="email" placeholder="you@example.com" value=""></div></div>` +
    `<div class="field"><label for="${password}" class="field__label">Password</label><div class="field__control"><input id="${password}" name="password" class="field__input field__input--with-action" type="password" autocapitalize="none" autocorrect="off" spellcheck="false" autocomplete="current-password" value="">` +
    `<button type="button" class="quiet-icon-button field__action" aria-label="Show password" aria-pressed="false">${icon(20, iconPaths.eye)}</button></div></div>` +
    `<div class="auth-form__row"><label class="checkbox"><input type="checkbox" name="rememberMe" class="checkbox__input"><span>Remember me</span></label><a class="auth-form__link" href="${paths.resetPassword.getHref()}">Forgot password?</a></div>` +
    `<button type="submit" class="${buttonClass({ size: 'lg', block: true })}">Sign in</button></form></div>` +
    `<p class="auth-page__footer">Don't have an account? <a href="${paths.signUpOptions.getHref()}">Sign up</a></p></div>`
  );
}

/** The page's markup, without the layout around it. */
export function pageHtml(screen: FirstPaint): string {
  switch (screen.page) {
    case 'home':
      return homeHtml(screen.sections);
    case 'allServices':
      return allServicesHtml(screen.listings, screen.hasMore);
    case 'serviceDetail':
      return serviceDetailHtml(screen.listing);
    case 'signIn':
      return signInHtml();
  }
}

/** Where `element` is under `top`: the index of each element on the way down. */
function pathTo(top: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node !== top && node.parentElement; node = node.parentElement) {
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

function follow(top: Element, path: readonly number[]): Element | null {
  let node: Element | null = top;
  for (const index of path) node = node?.children[index] ?? null;
  return node;
}

/** How long after the first paint what was done on it may still be carried over into the app. */
const CARRY_OVER_MS = 60_000;

/** Sets a form control's value as typing would, so that React's own state follows (an input event). */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Until React has replaced the screen, its controls have no code behind them. Once React has drawn
 * its own copy (the same markup in the same place), what the visitor did meanwhile is done again
 * there: what they typed and ticked, where the cursor was, and the last button they pressed (the
 * booking button, a tab, the menu, the form's submit). Links work without the app.
 */
function carryOver(root: HTMLElement, main: Element): void {
  let pressed: { inMain: boolean; path: number[]; label: string } | null = null;
  let focused: HTMLInputElement | null = null;
  const labelOf = (button: Element) => `${button.getAttribute('aria-label') ?? ''}|${button.textContent ?? ''}`;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    if (main.contains(button)) pressed = { inMain: true, path: pathTo(main, button), label: labelOf(button) };
    else if (button.classList.contains('site-header__menu-button')) pressed = { inMain: false, path: [], label: labelOf(button) };
  };
  // The form is sent by the app's copy, once it is there (and never as a plain GET with the password).
  const onSubmit = (event: SubmitEvent) => event.preventDefault();
  const onFocus = (event: FocusEvent) => {
    focused = event.target instanceof HTMLInputElement ? event.target : null;
  };
  // A field left for nothing (a tap elsewhere) while the screen is still this one, checked once the
  // event's task is over: React taking the field away blurs it too, and then it stays the one to
  // focus in React's copy. A field left for another control is replaced by it (onFocus).
  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget !== null) return;
    const left = focused;
    setTimeout(() => {
      if (main.isConnected && focused === left) focused = null;
    }, 0);
  };
  const listeners = [
    ['click', onClick],
    ['submit', onSubmit],
    ['focusin', onFocus],
    ['focusout', onBlur],
  ] as const;
  for (const [type, listener] of listeners) root.addEventListener(type, listener as EventListener);
  const inputs = [...main.querySelectorAll('input')];

  // React may first draw the frame with a loader, then the page: this waits for the page, that is
  // for the same controls in the same places.
  const apply = (): boolean => {
    const copy = root.querySelector('#main-content');
    if (!copy) return false;
    const copyOf = (name: string) => copy.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
    if (inputs.some((input) => !copyOf(input.name))) return false;
    let target: Element | null = null;
    if (pressed) {
      target = pressed.inMain ? follow(copy, pressed.path) : root.querySelector('.site-header__menu-button');
      if (!(target instanceof HTMLButtonElement) || labelOf(target) !== pressed.label) return false;
    }
    for (const input of inputs) {
      const twin = copyOf(input.name)!;
      if (input.type === 'checkbox') {
        if (twin.checked !== input.checked) twin.click();
      } else if (input.value !== twin.value) {
        typeInto(twin, input.value);
      }
    }
    const field = focused && copyOf(focused.name);
    const cursor = focused && { start: focused.selectionStart, end: focused.selectionEnd };
    // The cursor, where a field has one that script may set (not an e-mail field).
    const placeCursor = () => {
      if (field && cursor?.start != null && field.type !== 'email') field.setSelectionRange(cursor.start, cursor.end);
    };
    // At once, in the task that replaced the screen: a key pressed next goes into the app's field.
    field?.focus();
    placeCursor();
    // Once React has rendered what the typing above changed, and run its effects.
    setTimeout(() => {
      placeCursor();
      if (target instanceof HTMLButtonElement) target.click();
    }, 0);
    return true;
  };
  const stop = () => {
    observer.disconnect();
    clearTimeout(giveUp);
    for (const [type, listener] of listeners) root.removeEventListener(type, listener as EventListener);
  };
  const observer = new MutationObserver(() => {
    if (main.isConnected) return;
    // Nothing was done on the first screen: nothing to carry over.
    if (!pressed && !focused && inputs.every((input) => input.value === '' && !input.checked)) return stop();
    if (apply()) stop();
  });
  observer.observe(root, { childList: true, subtree: true });
  // A page that never comes (the app failed): the rest of the visit is left alone.
  const giveUp = setTimeout(stop, CARRY_OVER_MS);
}

/**
 * Draws `screen` into `root` (left as it is when React has already put something there) and resolves
 * once its first photos are on screen (or could not be shown), for the app to be fetched then.
 */
export async function paintFirstScreen(root: HTMLElement, screen: FirstPaint, desktop: boolean): Promise<void> {
  if (root.firstChild) return;
  root.innerHTML = layoutHtml(pageHtml(screen), desktop);
  carryOver(root, root.querySelector('#main-content')!);
  const photos = [...root.querySelectorAll('img')];
  // As the React cards do: a photo that fails shows the placeholder.
  for (const photo of photos) {
    const fallBack = () => {
      if (photo.getAttribute('src') !== PLACEHOLDER_IMAGE) photo.setAttribute('src', PLACEHOLDER_IMAGE);
    };
    photo.addEventListener('error', fallBack, { once: true });
  }
  const first = photos.filter((photo) => photo.getAttribute('fetchpriority') === 'high');
  await Promise.all(first.map((photo) => photo.decode().catch(() => undefined)));
  // Two frames: the one that paints the decoded photos, then the next.
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
