// The route table. Each page is its own lazily loaded chunk; the shell around them loads once.
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { paths } from '@/config/paths';
import { SessionExpiryRedirect } from './session-expiry';

const AllServicesRoute = lazy(() => import('@/features/listings/routes/all-services'));
const SignInRoute = lazy(() => import('@/features/auth/routes/sign-in'));
const SignUpOptionsRoute = lazy(() => import('@/features/auth/routes/sign-up-options'));
const SignUpRoute = lazy(() => import('@/features/auth/routes/sign-up'));
const SellerPackagesRoute = lazy(() => import('@/features/auth/routes/seller-packages'));
const ResetPasswordRoute = lazy(() => import('@/features/auth/routes/reset-password'));
const AccountRoute = lazy(() => import('@/features/account/routes/account'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <SessionExpiryRedirect />
      <Routes>
        <Route element={<MainLayout />}>
          {/* Until the home-page issue lands, the site root shows all services so that
              visitors opening the root never meet the not-found page. */}
          <Route index element={<AllServicesRoute />} />
          <Route path={paths.allServices.path} element={<AllServicesRoute />} />
          <Route path={paths.signIn.path} element={<SignInRoute />} />
          <Route path={paths.signUpOptions.path} element={<SignUpOptionsRoute />} />
          <Route path={paths.signUp.path} element={<SignUpRoute />} />
          <Route path={paths.sellerPackages.path} element={<SellerPackagesRoute />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordRoute />} />
          <Route path={paths.account.path} element={<AccountRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
