// Desktop 'Find Services' mega-menu: every category with its subcategory links.
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDownIcon } from '@/components/ui/icons';
import { categories } from '@/config/categories';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { useDismiss } from '@/lib/use-dismiss';

export function MegaMenu() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const onDismiss = useCallback((reason: 'escape' | 'outside') => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, onDismiss);

  return (
    <div
      className="mega-menu"
      ref={containerRef}
      onBlur={(event) => {
        // Tabbing out of the menu closes it, like a pointer press outside.
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="subbar__link mega-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('Find Services')}
        <ChevronDownIcon size={16} className="mega-menu__chevron" />
      </button>
      <div id={panelId} className="mega-menu__panel" hidden={!open}>
        <div className="container mega-menu__grid">
          {categories.map((category) => (
            <div key={category.id} className="mega-menu__group">
              <Link
                to={paths.category.getHref(category.title)}
                className="mega-menu__title"
                id={`${panelId}-${category.id}`}
                onClick={() => setOpen(false)}
              >
                {category.label}
              </Link>
              <ul className="plain-list" aria-labelledby={`${panelId}-${category.id}`}>
                {category.links.map((link) => (
                  <li key={link.path}>
                    <Link to={link.path} className="mega-menu__link" onClick={() => setOpen(false)}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
