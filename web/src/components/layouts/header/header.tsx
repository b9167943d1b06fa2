// The sticky site header (SPEC §2 Header): brand, location, search and account menu; a drawer on
// small screens and a 'Find Services' sub-bar on desktop.
import { useCallback, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { BookingButton } from '@/components/booking/booking-button';
import { MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/media-query';
import { useScrolledPast } from '@/lib/scroll';
import { Brand } from '../brand';
import { AccountMenu } from './account-menu';
import { LocationSelect } from './location-select';
import { MegaMenu } from './mega-menu';
import { MobileDrawer } from './mobile-drawer';
import { SearchForm } from './search-form';
import './header.css';

const DRAWER_ID = 'mobile-menu';
const SHADOW_AFTER_PX = 10;

export function Header() {
  // Rendering one layout or the other (not hiding one with CSS) keeps a single search box and
  // location dropdown in the page for assistive technology and tests.
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
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? DRAWER_ID : undefined}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon size={24} />
          </button>
        )}
        <Brand />
        {isDesktop && (
          <>
            <LocationSelect />
            <SearchForm />
          </>
        )}
        <div className="site-header__account">
          {isDesktop && (
            <BookingButton className="site-header__book" iconSize={18}>
              Book
            </BookingButton>
          )}
          <AccountMenu />
        </div>
      </div>

      {isDesktop && (
        <nav className="subbar" aria-label="Main">
          <div className="container subbar__inner">
            <MegaMenu />
            <NavLink to={paths.about.getHref()} className="subbar__link">
              About Us
            </NavLink>
            <NavLink to={paths.contact.getHref()} className="subbar__link">
              Contact Us
            </NavLink>
          </div>
        </nav>
      )}

      {!isDesktop && drawerOpen && (
        <MobileDrawer id={DRAWER_ID} onClose={closeDrawer} returnFocusRef={menuButtonRef} />
      )}
    </header>
  );
}
