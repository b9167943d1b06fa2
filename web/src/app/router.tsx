// The route table. Each page is its own lazily loaded chunk (pages.tsx); the shell around them loads once.
import { Route, Routes } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { paths } from '@/config/paths';
import { SellersOnly } from '@/features/post-service/components/sellers-only';
import { BookingDialogHost } from './booking-dialog-host';
import { pages } from './pages';
import { SessionExpiryRedirect } from './session-expiry';

const HomeRoute = pages.home.Component;
const AllServicesRoute = pages.allServices.Component;
const ServiceDetailRoute = pages.serviceDetail.Component;
const SearchRoute = pages.search.Component;
const ServicesByLocationRoute = pages.servicesByLocation.Component;
const ServicesBySubcategoryRoute = pages.servicesBySubcategory.Component;
const SignInRoute = pages.signIn.Component;
const SignUpOptionsRoute = pages.signUpOptions.Component;
const SignUpRoute = pages.signUp.Component;
const SellerPackagesRoute = pages.sellerPackages.Component;
const ResetPasswordRoute = pages.resetPassword.Component;
const AccountRoute = pages.account.Component;
const AdminRoute = pages.admin.Component;
const PostServiceRoute = pages.postService.Component;
const ContactRoute = pages.contact.Component;
const AboutRoute = pages.about.Component;
const BlogsRoute = pages.blogs.Component;
const TermsRoute = pages.terms.Component;
const PrivacyRoute = pages.privacy.Component;
const CancelBookingRoute = pages.cancelBooking.Component;
const WriteReviewRoute = pages.writeReview.Component;
const ProviderRoute = pages.provider.Component;
const FavouritesRoute = pages.favourites.Component;
const CategoryRoute = pages.category.Component;
const ArticleRoute = pages.article.Component;
const NotFoundRoute = pages.notFound.Component;

/** The routes, inside the browser's router or, on the server (src/server/render.tsx), a static one. */
export function AppRoutes() {
  return (
    <>
      <SessionExpiryRedirect />
      <BookingDialogHost />
      <Routes>
        <Route element={<MainLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path={paths.allServices.path} element={<AllServicesRoute />} />
          <Route path={paths.service.path} element={<ServiceDetailRoute />} />
          <Route path={paths.provider.path} element={<ProviderRoute />} />
          <Route path={paths.search.path} element={<SearchRoute />} />
          {/* Ranked above the subcategory pattern by its static 'location' segment. */}
          <Route path={paths.servicesByLocation.path} element={<ServicesByLocationRoute />} />
          <Route path={paths.servicesBySubcategory.path} element={<ServicesBySubcategoryRoute />} />
          <Route path={paths.category.path} element={<CategoryRoute />} />
          <Route path={paths.signIn.path} element={<SignInRoute />} />
          <Route path={paths.signUpOptions.path} element={<SignUpOptionsRoute />} />
          <Route path={paths.signUp.path} element={<SignUpRoute />} />
          <Route path={paths.sellerPackages.path} element={<SellerPackagesRoute />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordRoute />} />
          <Route path={paths.account.path} element={<AccountRoute />} />
          <Route path={paths.favourites.path} element={<FavouritesRoute />} />
          {/* The operator console: its code never loads for anyone else. */}
          <Route path="/admin" element={<AdminRoute />} />
          <Route
            path={paths.postService.path}
            element={
              // Visitors who may not post go to /signin before the form's code is fetched.
              <SellersOnly>
                <PostServiceRoute />
              </SellersOnly>
            }
          />
          <Route path={paths.contact.path} element={<ContactRoute />} />
          <Route path={paths.about.path} element={<AboutRoute />} />
          <Route path={paths.blogs.path} element={<BlogsRoute />} />
          <Route path={paths.blog.path} element={<ArticleRoute />} />
          <Route path={paths.terms.path} element={<TermsRoute />} />
          <Route path={paths.privacy.path} element={<PrivacyRoute />} />
          <Route path={paths.cancelBooking.path} element={<CancelBookingRoute />} />
          <Route path={paths.writeReview.path} element={<WriteReviewRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </>
  );
}
