// The header's desktop parts: the location and search in the bar, and the 'Find Services' sub-bar.
// A chunk of its own (header.tsx loads it on a desktop only), so that no phone downloads them.
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { LanguageSwitch } from '../language-switch';
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
    <nav className="subbar" aria-label={t('Main')}>
      <div className="container subbar__inner">
        <MegaMenu />
        <NavLink to={paths.about.getHref()} className="subbar__link">
          {t('About Us')}
        </NavLink>
        <NavLink to={paths.contact.getHref()} className="subbar__link">
          {t('Contact Us')}
        </NavLink>
        <LanguageSwitch className="subbar__link subbar__language" />
      </div>
    </nav>
  );
}
