// Sends the visitor to /signin when the server refuses the stored token (SPEC §4).
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { onSessionExpired } from '@/lib/session';

const SESSION_EXPIRED = t('Your session has expired. Please sign in again.');

/** Renders nothing; lives inside the router so it can navigate. */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(
    () =>
      onSessionExpired(() => {
        toast.info(SESSION_EXPIRED);
        void navigate(paths.signIn.getHref());
      }),
    [navigate, toast],
  );

  return null;
}
