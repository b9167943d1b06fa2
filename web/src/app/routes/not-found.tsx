// The page for any path the app does not know (SPEC §2 Not-found page).
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import './not-found.css';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  useDocumentTitle(t('Page Not Found'));

  useEffect(() => {
    // Broken links show up in the browser console and in error monitoring that reads it.
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <div className="container page not-found">
      <p className="not-found__code">404</p>
      <h1 className="not-found__title">{t('Page Not Found')}</h1>
      <p className="not-found__text">
        {t('Sorry, the page you are looking for does not exist or may have been moved.')}
      </p>
      <div className="not-found__actions">
        <Link to={paths.home.getHref()} className={buttonClass({ size: 'lg' })}>
          {t('Go to Homepage')}
        </Link>
        <Link to={paths.contact.getHref()} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          {t('Contact Support')}
        </Link>
      </div>
    </div>
  );
}
