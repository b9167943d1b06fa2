// The route table. Each page is its own lazily loaded chunk; the shell around them loads once.
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { paths } from '@/config/paths';

const AllServicesRoute = lazy(() => import('@/features/listings/routes/all-services'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<MainLayout />}>
          {/* Until the home-page issue lands, the site root shows all services so that
              visitors opening the root never meet the not-found page. */}
          <Route index element={<AllServicesRoute />} />
          <Route path={paths.allServices.path} element={<AllServicesRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
