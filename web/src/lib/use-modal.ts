// What makes a panel modal (the menu drawer, the booking dialog): the page behind neither scrolls nor
// takes focus, Tab stays inside the panel, Escape closes it, and the focus goes back where it came from.
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

interface ModalOptions {
  /** Called on Escape. */
  onClose: () => void;
  /** Gets the focus when the panel opens; the panel itself (tabIndex -1) when not given. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Gets the focus back when the panel closes (the button that opened it). When it is gone by then
   * (it was in a drawer that closed), the element that had the focus when the panel opened gets it.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** The panel's Tab stops, in order: hidden tab panels and roving-tabindex items left out. */
export function tabStops(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]'),
  );
}

/**
 * Makes `panelRef` (rendered into document.body, outside #root) modal while the calling component is
 * mounted. Returns the keydown handler to put on the panel.
 */
export function useModal(
  panelRef: RefObject<HTMLElement | null>,
  { onClose, initialFocusRef, returnFocusRef }: ModalOptions,
): (event: KeyboardEvent<HTMLElement>) => void {
  // Before the first paint: the page never shows a frame where it still scrolls or has the focus.
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    const focusedBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const opener = returnFocusRef?.current;
    const { overflow, paddingRight } = document.body.style;
    // The scroll bar goes away with the page's scrolling: its width is kept, so nothing behind moves.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    root?.setAttribute('inert', '');
    (initialFocusRef?.current ?? panelRef.current)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      root?.removeAttribute('inert');
      (opener?.isConnected ? opener : focusedBefore)?.focus();
    };
  }, [panelRef, initialFocusRef, returnFocusRef]);

  return (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const panel = panelRef.current;
    if (event.key !== 'Tab' || !panel) return;
    const stops = tabStops(panel);
    const first = stops[0];
    const last = stops.at(-1);
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first?.focus();
    }
  };
}
