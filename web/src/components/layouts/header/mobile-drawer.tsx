// The small-screen menu drawer: search, location, Find Services submenu, pages and 'Book'.
import { useId, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { BookingButton } from '@/components/booking/booking-button';
import { ChevronDownIcon, CloseIcon } from '@/components/ui/icons';
import { categories, type CategoryId } from '@/config/categories';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { useModal } from '@/lib/use-modal';
import { Brand } from '../brand';
import { LocationSelect } from './location-select';
import { SearchForm } from './search-form';
import { LanguageSwitch } from '../language-switch';

interface MobileDrawerProps {
  id: string;
  onClose: () => void;
  /** Gets the focus back when the drawer closes (the menu button). */
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function MobileDrawer({ id, onClose, returnFocusRef }: MobileDrawerProps) {
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [servicesOpen, setServicesOpen] = useState(false);
  const [openCategory, setOpenCategory] = useState<CategoryId | null>(null);
  const servicesId = useId();

  // A modal drawer: the page behind neither scrolls nor takes focus while it is open.
  const onKeyDown = useModal(drawerRef, { onClose, initialFocusRef: closeRef, returnFocusRef });

  return createPortal(
    <div className="drawer-layer">
      <div className="drawer-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={drawerRef}
        id={id}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('Menu')}
        onKeyDown={onKeyDown}
      >
        <div className="drawer__header">
          <Brand onClick={onClose} />
          <button ref={closeRef} type="button" className="icon-button" aria-label={t('Close menu')} onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </div>

        <div className="drawer__body">
          <SearchForm onSearched={onClose} />
          <LocationSelect onChosen={onClose} />

          <nav aria-label={t('Main')} className="drawer__nav">
            <ul className="plain-list">
              <li>
                <button
                  type="button"
                  className="drawer__link drawer__toggle"
                  aria-expanded={servicesOpen}
                  aria-controls={servicesId}
                  onClick={() => setServicesOpen((value) => !value)}
                >
                  {t('Find Services')}
                  <ChevronDownIcon size={18} className="drawer__chevron" />
                </button>
                <ul id={servicesId} className="plain-list drawer__submenu" hidden={!servicesOpen}>
                  {categories.map((category) => {
                    const expanded = openCategory === category.id;
                    const listId = `${servicesId}-${category.id}`;
                    return (
                      <li key={category.id}>
                        <button
                          type="button"
                          className="drawer__category drawer__toggle"
                          aria-expanded={expanded}
                          aria-controls={listId}
                          onClick={() => setOpenCategory(expanded ? null : category.id)}
                        >
                          {category.label}
                          <ChevronDownIcon size={16} className="drawer__chevron" />
                        </button>
                        <ul id={listId} className="plain-list drawer__sublinks" hidden={!expanded}>
                          <li>
                            <Link to={paths.category.getHref(category.title)} className="drawer__sublink" onClick={onClose}>
                              {t('All {category}', { category: category.label })}
                            </Link>
                          </li>
                          {category.links.map((link) => (
                            <li key={link.path}>
                              <Link to={link.path} className="drawer__sublink" onClick={onClose}>
                                {link.label}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </li>
                    );
                  })}
                </ul>
              </li>
              <li>
                <Link to={paths.favourites.getHref()} className="drawer__link" onClick={onClose}>
                  {t('Favourites')}
                </Link>
              </li>
              <li>
                <Link to={paths.blogs.getHref()} className="drawer__link" onClick={onClose}>
                  {t('Blogs')}
                </Link>
              </li>
              <li>
                <Link to={paths.about.getHref()} className="drawer__link" onClick={onClose}>
                  {t('About Us')}
                </Link>
              </li>
              <li>
                <Link to={paths.contact.getHref()} className="drawer__link" onClick={onClose}>
                  {t('Contact Us')}
                </Link>
              </li>
              <li>
                <LanguageSwitch className="drawer__link" />
              </li>
            </ul>
          </nav>
        </div>

        <div className="drawer__footer">
          {/* The drawer closes first, so the dialog gives the focus back to the menu button. */}
          <BookingButton size="lg" block onBeforeOpen={onClose}>
            {t('Book')}
          </BookingButton>
        </div>
      </div>
    </div>,
    document.body,
  );
}
