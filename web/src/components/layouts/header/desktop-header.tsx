// The header's desktop parts: the location and search in the bar, and the 'Find Services' sub-bar.
// A chunk of its own (header.tsx loads it on a desktop only), so that no phone downloads them.
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LocationSelect } from './location-select';
import { MegaMenu } from './mega-menu';
import { SearchForm } from './search-form';

export function DesktopTools() {
  return (
    <>
      <LocationSelect />
      <SearchForm />
    </>
  );
}

export function DesktopNav() {
  return (
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
  );
}
