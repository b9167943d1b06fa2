// The account menu (SPEC §2 Header): sign-in links when signed out, account actions when signed in.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDownIcon, HeartIcon, LogoutIcon, PlusIcon, UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { clearSession, firstName, isSeller } from '@/lib/session';
import { useDismiss } from '@/lib/use-dismiss';
import { useSession } from '@/lib/use-session';

interface MenuEntry {
  label: string;
  icon?: ReactNode;
  to?: string;
  onSelect?: () => void;
}

type FocusTarget = 'first' | 'last' | null;

export function AccountMenu() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<FocusTarget>(null);
  const menuId = useId();
  const buttonId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const onDismiss = useCallback((reason: 'escape' | 'outside') => close(reason === 'escape'), [close]);
  useDismiss(containerRef, open, onDismiss);

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const items = menuItems(menuRef.current);
    (focusOnOpen.current === 'last' ? items.at(-1) : items[0])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const user = session?.user;
  const name = user ? firstName(user.userName) : '';
  const entries: MenuEntry[] = user
    ? [
        { label: t('My Account'), to: paths.account.getHref(), icon: <UserIcon size={18} /> },
        ...(isSeller(user)
          ? [{ label: t('Post a Service'), to: paths.postService.getHref(), icon: <PlusIcon size={18} /> }]
          : []),
        { label: t('Favourites'), to: paths.favourites.getHref(), icon: <HeartIcon size={18} /> },
        { label: t('Logout'), onSelect: clearSession, icon: <LogoutIcon size={18} /> },
      ]
    : [
        { label: t('Sign in'), to: paths.signIn.getHref() },
        { label: t('Sign up'), to: paths.signUpOptions.getHref() },
        { label: t('Favourites'), to: paths.favourites.getHref() },
      ];

  function openMenu(focus: FocusTarget) {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = items[(index + 1) % items.length];
        break;
      case 'ArrowUp':
        next = items[(index - 1 + items.length) % items.length];
        break;
      case 'Home':
        next = items[0];
        break;
      case 'End':
        next = items.at(-1);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  }

  return (
    <div className="account-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={`account-menu__button${user ? ' account-menu__button--signed-in' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {name ? name.charAt(0).toUpperCase() : <UserIcon size={20} />}
        </span>
        {name ? (
          <span className="account-menu__name">{name}</span>
        ) : (
          <span className="account-menu__label">{t('Account')}</span>
        )}
        <ChevronDownIcon size={16} className="account-menu__chevron" />
      </button>
      {open && (
        <div className="account-menu__popup">
          {user && (
            <p className="account-menu__identity">
              {tx('Signed in as {name}', { name: <strong>{user.userName}</strong> })}
            </p>
          )}
          <ul
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            className="account-menu__list"
            onKeyDown={onMenuKeyDown}
          >
            {entries.map((entry) => (
              <li key={entry.label} role="none">
                {entry.to ? (
                  <Link
                    role="menuitem"
                    tabIndex={-1}
                    to={entry.to}
                    className="account-menu__item"
                    onClick={() => close(false)}
                  >
                    {entry.icon}
                    {entry.label}
                  </Link>
                ) : (
                  <button
                    role="menuitem"
                    tabIndex={-1}
                    type="button"
                    className="account-menu__item"
                    onClick={() => {
                      entry.onSelect?.();
                      close(true);
                    }}
                  >
                    {entry.icon}
                    {entry.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
