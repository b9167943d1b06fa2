// Short notices ("Successfully signed in!") that outlive a page change: a provider, a hook and their list.
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { t } from '@/lib/i18n';
import { CheckCircleIcon, CloseIcon, InfoIcon, WarningIcon } from './icons';
import './icon-button.css';
import './toast.css';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

export interface Toaster {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

// Errors stay longer: they usually ask the visitor to do something.
const DURATION_MS: Record<ToastTone, number> = { success: 5000, info: 6000, error: 8000 };
const MAX_VISIBLE = 3;

const ToastContext = createContext<Toaster | null>(null);

let nextToastId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const toaster = useMemo<Toaster>(() => {
    const show = (tone: ToastTone) => (message: string) => {
      const id = nextToastId++;
      setToasts((current) => [...current, { id, tone, message }].slice(-MAX_VISIBLE));
    };
    return { success: show('success'), error: show('error'), info: show('info') };
  }, []);

  return (
    <ToastContext value={toaster}>
      {children}
      <section className="toaster" aria-label={t('Notifications')}>
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext>
  );
}

/** Shows notices from any screen; needs a ToastProvider above it. */
export function useToast(): Toaster {
  const toaster = use(ToastContext);
  if (!toaster) throw new Error('useToast needs a <ToastProvider> around the app');
  return toaster;
}

const icons: Record<ToastTone, ReactNode> = {
  success: <CheckCircleIcon size={22} />,
  error: <WarningIcon size={22} />,
  info: <InfoIcon size={22} />,
};

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  // The notice waits while the pointer or the focus is on it, so nobody loses it mid-read (WCAG 2.2.1).
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), DURATION_MS[toast.tone]);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, toast.tone, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.tone}`}
      // Errors interrupt; other notices wait for a pause in speech.
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__icon">{icons[toast.tone]}</span>
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="quiet-icon-button toast__close"
        aria-label={t('Dismiss notification')}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
