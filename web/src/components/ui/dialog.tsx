// A modal dialog: a titled panel over the page that asks something before going on. The page behind
// is inert and does not scroll, Tab stays inside, Escape and × close it, and the focus goes back where
// it came from (lib/use-modal.ts, as the booking dialog and the menu drawer).
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { t } from '@/lib/i18n';
import { useModal } from '@/lib/use-modal';
import { CloseIcon } from './icons';
import './icon-button.css';
import './dialog.css';

interface DialogProps {
  title: string;
  /** Read with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  onClose: () => void;
  /** Gets the focus when the dialog opens; the dialog itself when not given. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Gets the focus back when it closes (the button that opened it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function Dialog({ title, description, onClose, initialFocusRef, returnFocusRef, children }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onKeyDown = useModal(panelRef, { onClose, initialFocusRef, returnFocusRef });

  return createPortal(
    <div className="dialog-layer">
      <div className="dialog-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="quiet-icon-button dialog__close" aria-label={t('Close')} onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </header>
        <div className="dialog__body">
          {description && (
            <div id={descriptionId} className="dialog__description">
              {description}
            </div>
          )}
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
