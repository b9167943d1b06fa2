// Shows the booking dialog when an opener asks (lib/booking-dialog.ts). Lives inside the router, so a
// dialog opened without a service id books the service whose page is showing (SPEC §2).
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useMatch } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { registerBookingHost, type BookingDialogProps, type BookingDraft, type BookingOpening } from '@/lib/booking-dialog';
import { t } from '@/lib/i18n';
import './booking-dialog-host.css';

const OPEN_FAILED = t('Could not open the booking form. Please check your connection and try again.');

type BookingDialogComponent = ComponentType<BookingDialogProps>;

// Fetched once, on the first open or hover. Not React.lazy: a chunk that failed to download (offline)
// would fail forever there; here the next press tries again.
let dialogChunk: Promise<BookingDialogComponent> | null = null;

function loadBookingDialog(): Promise<BookingDialogComponent> {
  dialogChunk ??= import('@/features/booking/components/booking-dialog').then(
    (module) => module.BookingDialog,
    (error: unknown) => {
      dialogChunk = null;
      throw error;
    },
  );
  return dialogChunk;
}

interface OpenRequest {
  serviceId: string | null;
  serviceName: string | null;
  opening: BookingOpening | null;
  returnFocus: HTMLElement | null;
}

export function BookingDialogHost() {
  const toast = useToast();
  const routeServiceId = useMatch(paths.service.path)?.params.id ?? null;
  const [request, setRequest] = useState<OpenRequest | null>(null);
  // Held in an object: a component passed to setState directly would be called as an updater.
  const [loaded, setLoaded] = useState<{ Dialog: BookingDialogComponent } | null>(null);
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const routeServiceIdRef = useRef(routeServiceId);

  useEffect(() => {
    routeServiceIdRef.current = routeServiceId;
  }, [routeServiceId]);

  const host = useMemo(
    () => ({
      open(serviceId?: string, serviceName?: string, opening?: BookingOpening) {
        const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        const id = serviceId ?? routeServiceIdRef.current;
        // What an opener knows is of its own service only.
        setRequest({ serviceId: id, serviceName: (serviceId && serviceName) || null, opening: (serviceId && opening) || null, returnFocus });
        loadBookingDialog().then(
          (Dialog) => setLoaded({ Dialog }),
          (error: unknown) => {
            console.error('Failed to load the booking dialog', error);
            setRequest(null);
            toast.error(OPEN_FAILED);
          },
        );
      },
      preload() {
        loadBookingDialog().catch(() => {
          // Reported when the visitor actually opens the dialog.
        });
      },
    }),
    [toast],
  );

  useEffect(() => registerBookingHost(host), [host]);

  if (!request) return null;
  if (!loaded) {
    // Shown only on a slow first download; it fades in late so a fast one shows nothing.
    return (
      <div className="booking-loading" role="status">
        <span className="booking-loading__spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('Opening the booking form…')}</span>
      </div>
    );
  }
  const { Dialog } = loaded;
  return (
    <Dialog
      serviceId={request.serviceId}
      serviceName={request.serviceName}
      opening={request.opening}
      draft={draft}
      returnFocus={request.returnFocus}
      onClose={(next) => {
        setDraft(next);
        setRequest(null);
      }}
    />
  );
}
