// The page frame every route renders in: skip link, header, the route's content and footer.
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { t } from '@/lib/i18n';
import { PageShown } from '@/lib/page-shown';
import { Footer } from './footer';
import { Header } from './header/header';

export function MainLayout() {
  const { pathname } = useLocation();
  const firstPage = useRef(true);

  useEffect(() => {
    // The page the app opened on keeps the place the visitor may have scrolled to before it loaded.
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    // A new page starts at its top, as it would with full page loads.
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a href="#main-content" className="skip-link">
        {t('Skip to main content')}
      </a>
      <Header />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loader" aria-busy="true" />}>
          <Outlet />
          <PageShown />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
