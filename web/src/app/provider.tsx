// App-wide providers: an error boundary that offers a reload instead of a blank page, and the toasts;
// and the hearts following the session (lib/favourites.ts).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/ui/status-message';
import { ToastProvider } from '@/components/ui/toast';
import { reloadPage } from '@/lib/browser';
import { useFavouritesFollowSession } from '@/lib/favourites';
import { t } from '@/lib/i18n';
import { loadInFullOffline } from '@/lib/online';

export function AppProvider({ children }: { children: ReactNode }) {
  useFavouritesFollowSession();
  return (
    <AppErrorBoundary>
      <ToastProvider>{children}</ToastProvider>
    </AppErrorBoundary>
  );
}

// A failed chunk download (e.g. after a new release replaced the old files) lands here too. Offline, a
// link to a page whose code the phone does not have fails so: a full load then gets the service worker's
// kept copy of that page, or its offline page (offline/worker.ts).
class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected error while rendering', error, info.componentStack);
    loadInFullOffline();
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container page">
        <StatusMessage
          role="alert"
          title={t('Something went wrong')}
          description={t('Please reload the page to continue.')}
        >
          <Button onClick={reloadPage}>{t('Reload page')}</Button>
        </StatusMessage>
      </div>
    );
  }
}
