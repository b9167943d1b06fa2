// The sticky site header (SPEC §2 Header): brand, location, search and account menu; a drawer on
// small screens and a 'Find Services' sub-bar on desktop.
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { BookingButton } from '@/components/booking/booking-button';
import { MenuIcon } from '@/components/ui/icons';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/media-query';
import { t } from '@/lib/i18n';
import { useScrolledPast } from '@/lib/scroll';
import { Brand } from '../brand';
import { AccountMenu } from './account-menu';
import './header.css';

const DRAWER_ID = 'mobile-menu';

// The drawer (with its focus trap and the location list) is a chunk of its own, fetched when the
// menu button is first pointed at, touched or focused, so that no first load carries it.
const loadDrawer = () => import('./mobile-drawer');
const MobileDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MobileDrawer })));
const preloadDrawer = () => void loadDrawer().catch(() => undefined);

// Likewise the desktop's location, search and sub-bar: a phone never renders them.
const loadDesktop = () => import('./desktop-header');
const DesktopTools = lazy(() => loadDesktop().then((module) => ({ default: module.DesktopTools })));
const DesktopNav = lazy(() => loadDesktop().then((module) => ({ default: module.DesktopNav })));

/** The sub-bar's place, kept while its links load: no shift when they come. */
function SubbarFrame() {
  return (
    <nav className="subbar" aria-label={t('Main')}>
      <div className="container subbar__inner" />
    </nav>
  );
}

/**
 * The sub-bar's place before the screen's width is known: the server renders every page so (it knows
 * no screen), and CSS shows it on a desktop only, which then gets its links in the same place.
 */
function SubbarPlace() {
  return (
    <div className="subbar" aria-hidden="true">
      <div className="container subbar__inner" />
    </div>
  );
}
const SHADOW_AFTER_PX = 10;

export function Header() {
  // Rendering one layout or the other (not hiding one with CSS) keeps a single search box and
  // location dropdown in the page for assistive technology and tests. The server renders the phone's
  // (useMediaQuery's server value), with CSS keeping its boxes where a desktop's will be.
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const scrolled = useScrolledPast(SHADOW_AFTER_PX);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}`}>
      <div className="container site-header__bar">
        {!isDesktop && (
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-button site-header__menu-button"
            aria-label={t('Open menu')}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? DRAWER_ID : undefined}
            onPointerEnter={preloadDrawer}
            onPointerDown={preloadDrawer}
            onFocus={preloadDrawer}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon size={24} />
          </button>
        )}
        <Brand />
        {isDesktop && (
          <Suspense fallback={null}>
            <DesktopTools />
          </Suspense>
        )}
        <div className="site-header__account">
          {isDesktop && (
            <BookingButton className="site-header__book" iconSize={18}>
              {t('Book')}
            </BookingButton>
          )}
          <AccountMenu />
        </div>
      </div>

      {isDesktop ? (
        <Suspense fallback={<SubbarFrame />}>
          <DesktopNav />
        </Suspense>
      ) : (
        <SubbarPlace />
      )}

      {!isDesktop && drawerOpen && (
        <Suspense fallback={null}>
          <MobileDrawer id={DRAWER_ID} onClose={closeDrawer} returnFocusRef={menuButtonRef} />
        </Suspense>
      )}
    </header>
  );
}
