// Every route path of the SPA, and the builders of links to them (app/page-table.ts lists the pages).

export const paths = {
  home: { path: '/', getHref: () => '/' },
  signIn: { path: '/signin', getHref: () => '/signin' },
  signUpOptions: { path: '/signup-options', getHref: () => '/signup-options' },
  signUp: {
    path: '/signup',
    getHref: (type: 'buyer' | 'seller' = 'buyer', packageId?: string) => {
      const query = new URLSearchParams({ type });
      if (packageId) query.set('package', packageId);
      return `/signup?${query.toString()}`;
    },
  },
  sellerPackages: { path: '/seller-packages', getHref: () => '/seller-packages' },
  postService: {
    path: '/post-service',
    /** The empty form, or with `editId` the form filled with that listing of the seller's. */
    getHref: (editId?: string) => (editId ? `/post-service?edit=${encodeURIComponent(editId)}` : '/post-service'),
  },
  service: {
    path: '/service/:id',
    getHref: (id: string) => `/service/${encodeURIComponent(id)}`,
  },
  /** A provider's page: the listings' sellerId. */
  provider: {
    path: '/provider/:id',
    getHref: (id: string) => `/provider/${encodeURIComponent(id)}`,
  },
  /** A category by its title, lowercased with spaces as dashes (SPEC §2 defines no screen for it). */
  category: {
    path: '/category/:categoryName',
    getHref: (title: string) => `/category/${encodeURIComponent(title.trim().toLowerCase().replace(/\s+/g, '-'))}`,
  },
  blogs: { path: '/blogs', getHref: () => '/blogs' },
  /** An article of the blog (SPEC §2 defines no screen for it). */
  blog: {
    path: '/blog/:id',
    getHref: (id: string) => `/blog/${encodeURIComponent(id)}`,
  },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  allServices: { path: '/all-services', getHref: () => '/all-services' },
  search: {
    path: '/search',
    /** The search page for a query, or null when the trimmed query is blank. */
    getHref: (query: string): string | null => {
      const q = query.trim();
      return q ? `/search?q=${encodeURIComponent(q)}` : null;
    },
  },
  servicesByLocation: {
    path: '/services/location/:locationName',
    getHref: (locationName: string) => `/services/location/${encodeURIComponent(locationName)}`,
  },
  servicesBySubcategory: {
    path: '/services/:category/:subcategory',
    getHref: (category: string, subcategory: string) => `/services/${category}/${subcategory}`,
  },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  account: { path: '/account', getHref: () => '/account' },
  /** The operator console (admins only). */
  admin: { path: '/admin', getHref: () => '/admin' },
  /** The listings saved with the heart: a visitor's in this browser, a signed-in user's in the account. */
  favourites: { path: '/favourites', getHref: () => '/favourites' },
  /** The link in a customer's booking e-mail: shows the booking and cancels it, no account needed. */
  cancelBooking: {
    path: '/appointments/cancel',
    getHref: (token: string) => `/appointments/cancel?token=${encodeURIComponent(token)}`,
  },
  /** The link e-mailed once a confirmed booking's time has passed: review it, no account needed. */
  writeReview: {
    path: '/review',
    getHref: (token: string) => `/review?token=${encodeURIComponent(token)}`,
  },
} as const;
