// Where each page's code is: one chunk per page, fetched by its first render (pages.tsx) or, for the
// first screen, by boot.ts before React itself has loaded. Free of React for that reason.
export const pageCode = {
  home: () => import('@/features/home/routes/home'),
  allServices: () => import('@/features/listings/routes/all-services'),
  serviceDetail: () => import('@/features/listings/routes/service-detail'),
  search: () => import('@/features/listings/routes/search'),
  servicesByLocation: () => import('@/features/listings/routes/services-by-location'),
  servicesBySubcategory: () => import('@/features/listings/routes/services-by-subcategory'),
  signIn: () => import('@/features/auth/routes/sign-in'),
  signUpOptions: () => import('@/features/auth/routes/sign-up-options'),
  signUp: () => import('@/app/routes/sign-up/sign-up'),
  sellerPackages: () => import('@/app/routes/seller-packages/seller-packages'),
  resetPassword: () => import('@/features/auth/routes/reset-password'),
  account: () => import('@/app/routes/account/account'),
  admin: () => import('@/features/admin/routes/admin'),
  postService: () => import('@/features/post-service/routes/post-service'),
  contact: () => import('@/features/contact/routes/contact'),
  about: () => import('@/features/about/routes/about'),
  blogs: () => import('@/features/blog/routes/blogs'),
  terms: () => import('@/features/legal/routes/terms'),
  privacy: () => import('@/features/legal/routes/privacy'),
  cancelBooking: () => import('@/features/booking/routes/cancel-booking'),
  writeReview: () => import('@/features/reviews/routes/write-review'),
  provider: () => import('@/features/providers/routes/provider'),
  favourites: () => import('@/features/favourites/routes/favourites'),
  category: () => import('@/features/listings/routes/category'),
  article: () => import('@/features/blog/routes/article'),
  notFound: () => import('./routes/not-found'),
};

export type PageName = keyof typeof pageCode;
