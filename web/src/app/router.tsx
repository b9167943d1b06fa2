// The route table. Each page is its own lazily loaded chunk; the shell around them loads once.
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { paths } from '@/config/paths';
import { BookingDialogHost } from './booking-dialog-host';
import { SessionExpiryRedirect } from './session-expiry';

const HomeRoute = lazy(() => import('@/features/home/routes/home'));
const AllServicesRoute = lazy(() => import('@/features/listings/routes/all-services'));
const ServiceDetailRoute = lazy(() => import('@/features/listings/routes/service-detail'));
const SearchRoute = lazy(() => import('@/features/listings/routes/search'));
const ServicesByLocationRoute = lazy(() => import('@/features/listings/routes/services-by-location'));
const ServicesBySubcategoryRoute = lazy(() => import('@/features/listings/routes/services-by-subcategory'));
const SignInRoute = lazy(() => import('@/features/auth/routes/sign-in'));
const SignUpOptionsRoute = lazy(() => import('@/features/auth/routes/sign-up-options'));
const SignUpRoute = lazy(() => import('@/features/auth/routes/sign-up'));
const SellerPackagesRoute = lazy(() => import('@/features/auth/routes/seller-packages'));
const ResetPasswordRoute = lazy(() => import('@/features/auth/routes/reset-password'));
const AccountRoute = lazy(() => import('@/features/account/routes/account'));
const PostServiceRoute = lazy(() => import('@/features/post-service/routes/post-service'));
const ContactRoute = lazy(() => import('@/features/contact/routes/contact'));
const AboutRoute = lazy(() => import('@/features/about/routes/about'));
const BlogsRoute = lazy(() => import('@/features/blog/routes/blogs'));
const TermsRoute = lazy(() => import('@/features/legal/routes/terms'));
const PrivacyRoute = lazy(() => import('@/features/legal/routes/privacy'));
const CancelBookingRoute = lazy(() => import('@/features/booking/routes/cancel-booking'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <SessionExpiryRedirect />
      <BookingDialogHost />
      <Routes>
        <Route element={<MainLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path={paths.allServices.path} element={<AllServicesRoute />} />
          <Route path={paths.service.path} element={<ServiceDetailRoute />} />
          <Route path={paths.search.path} element={<SearchRoute />} />
          {/* Ranked above the subcategory pattern by its static 'location' segment. */}
          <Route path={paths.servicesByLocation.path} element={<ServicesByLocationRoute />} />
          <Route path={paths.servicesBySubcategory.path} element={<ServicesBySubcategoryRoute />} />
          <Route path={paths.signIn.path} element={<SignInRoute />} />
          <Route path={paths.signUpOptions.path} element={<SignUpOptionsRoute />} />
          <Route path={paths.signUp.path} element={<SignUpRoute />} />
          <Route path={paths.sellerPackages.path} element={<SellerPackagesRoute />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordRoute />} />
          <Route path={paths.account.path} element={<AccountRoute />} />
          <Route path={paths.postService.path} element={<PostServiceRoute />} />
          <Route path={paths.contact.path} element={<ContactRoute />} />
          <Route path={paths.about.path} element={<AboutRoute />} />
          <Route path={paths.blogs.path} element={<BlogsRoute />} />
          <Route path={paths.terms.path} element={<TermsRoute />} />
          <Route path={paths.privacy.path} element={<PrivacyRoute />} />
          <Route path={paths.cancelBooking.path} element={<CancelBookingRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
