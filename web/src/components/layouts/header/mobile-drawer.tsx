// The small-screen menu drawer: search, location, Find Services submenu, pages and 'Book'.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { CalendarIcon, ChevronDownIcon, CloseIcon } from '@/components/ui/icons';
import { categories, type CategoryId } from '@/config/categories';
import { paths } from '@/config/paths';
import { Brand } from '../brand';
import { LocationSelect } from './location-select';
import { SearchForm } from './search-form';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

interface MobileDrawerProps {
  id: string;
  onClose: () => void;
  /** Gets the focus back when the drawer closes (the menu button). */
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function MobileDrawer({ id, onClose, returnFocusRef }: MobileDrawerProps) {
  const navigate = useNavigate();
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [servicesOpen, setServicesOpen] = useState(false);
  const [openCategory, setOpenCategory] = useState<CategoryId | null>(null);
  const servicesId = useId();

  useEffect(() => {
    // A modal drawer: the page behind neither scrolls nor takes focus while it is open.
    const root = document.getElementById('root');
    const returnTo = returnFocusRef.current;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    root?.setAttribute('inert', '');
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      root?.removeAttribute('inert');
      returnTo?.focus();
    };
  }, [returnFocusRef]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !drawerRef.current) return;
    const focusable = Array.from(drawerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return createPortal(
    <div className="drawer-layer">
      <div className="drawer-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={drawerRef}
        id={id}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={onKeyDown}
      >
        <div className="drawer__header">
          <Brand onClick={onClose} />
          <button ref={closeRef} type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </div>

        <div className="drawer__body">
          <SearchForm onSearched={onClose} />
          <LocationSelect onChosen={onClose} />

          <nav aria-label="Main" className="drawer__nav">
            <ul className="plain-list">
              <li>
                <button
                  type="button"
                  className="drawer__link drawer__toggle"
                  aria-expanded={servicesOpen}
                  aria-controls={servicesId}
                  onClick={() => setServicesOpen((value) => !value)}
                >
                  Find Services
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
                          {category.title}
                          <ChevronDownIcon size={16} className="drawer__chevron" />
                        </button>
                        <ul id={listId} className="plain-list drawer__sublinks" hidden={!expanded}>
                          {category.links.map((link) => (
                            <li key={link.path}>
                              <Link to={link.path} className="drawer__sublink" onClick={onClose}>
                                {link.title}
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
                <Link to={paths.blogs.getHref()} className="drawer__link" onClick={onClose}>
                  Blogs
                </Link>
              </li>
              <li>
                <Link to={paths.about.getHref()} className="drawer__link" onClick={onClose}>
                  About Us
                </Link>
              </li>
              <li>
                <Link to={paths.contact.getHref()} className="drawer__link" onClick={onClose}>
                  Contact Us
                </Link>
              </li>
            </ul>
          </nav>
        </div>

        <div className="drawer__footer">
          {/* Until the booking dialog lands, 'Book' lets the visitor first pick a service. */}
          <button
            type="button"
            className={buttonClass({ size: 'lg', block: true })}
            onClick={() => {
              void navigate(paths.allServices.getHref());
              onClose();
            }}
          >
            <CalendarIcon size={20} />
            Book
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
