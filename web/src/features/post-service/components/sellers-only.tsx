// The door of the post-service page (SPEC §4 "Post service", §6, §8): a seller with a package goes in,
// anyone else is sent to /signin with the spec's message. The router puts it around the lazily loaded
// page, so a visitor never waits for the form's code only to be sent away.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { readSession } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { refusalMessage, sellerAccess, type SellerAccess } from '../seller-access';

/**
 * The visitor's access now, and the message to send a refused visitor away with. Checked on load
 * (SPEC §4): a session that ends later (logout, a refused token) leads to /signin too, but without
 * this page's message, as the app says why already.
 */
export function useSellerGate(): { access: SellerAccess; message: string | null } {
  const access = sellerAccess(useSession());
  const [accessOnLoad] = useState(() => sellerAccess(readSession()).status);
  const message = access.status !== 'seller' && access.status === accessOnLoad ? refusalMessage(access.status) : null;
  return { access, message };
}

/**
 * Redirects while rendering (not from an effect after a paint of the page), replacing the refused
 * URL in the history, and tells why.
 */
export function SendToSignIn({ message }: { message: string | null }) {
  const toast = useToast();
  // Once, though development mode runs effects twice.
  const shown = useRef(false);

  useEffect(() => {
    if (shown.current || !message) return;
    shown.current = true;
    toast.error(message);
  }, [message, toast]);

  return <Navigate to={paths.signIn.getHref()} replace />;
}

export function SellersOnly({ children }: { children: ReactNode }) {
  const { access, message } = useSellerGate();
  if (access.status !== 'seller') return <SendToSignIn message={message} />;
  return children;
}
