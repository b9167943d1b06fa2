// What the listing pages' documents say of them to link previews and search engines (issue 22):
// built on the server only (the callers guard with import.meta.env.SSR), so none of it is in the
// browser's code. Paths in the JSON-LD are made absolute by the renderer.
import { paths } from '@/config/paths';
import type { PageMeta } from '@/lib/document-title';
import { formatPriceRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { categoryTitle } from '@/lib/listing';
import { aggregateRating, breadcrumbList, clip, townOf } from '@/lib/structured-data';
import type { ListingDetail } from '@/types/api';

/** A list of services (all of them, a category, a subcategory, a town, a search). */
export function listMeta(title: string): PageMeta {
  return {
    description: t(
      '{title} on Mtaani: compare prices in Ksh, read verified reviews, and chat on WhatsApp or book an appointment with providers near you in Kenya.',
      { title },
    ),
  };
}

/** A listing's page: its price range in Ksh and place in the description, its photo, its Service. */
export function serviceMeta(listing: ListingDetail): PageMeta {
  const price = formatPriceRange(listing.minPrice, listing.maxPrice);
  const path = paths.service.getHref(listing.id);
  const category = categoryTitle(listing);
  const town = townOf(listing.location);
  const photo = listing.photos[0];
  const priceRange = `KES ${listing.minPrice}-${listing.maxPrice}`;
  return {
    description: clip(`${price} · ${listing.location}. ${listing.description}`, 200),
    // The 1200 × 630 JPEG made for previews once it is there; until then the photo itself.
    image: listing.ogImage ?? (photo ? (photo.medium ?? photo.src) : undefined),
    imageSize: listing.ogImage ? [1200, 630] : photo?.medium ? undefined : photo && [photo.width, photo.height],
    jsonLd: [
      {
        '@type': 'Service',
        name: listing.name,
        description: clip(listing.description, 500),
        url: path,
        ...(photo ? { image: photo.src } : {}),
        serviceType: category,
        areaServed: { '@type': 'City', name: town },
        provider: {
          '@type': 'LocalBusiness',
          name: listing.name,
          url: listing.sellerId ? paths.provider.getHref(listing.sellerId) : path,
          priceRange,
          address: { '@type': 'PostalAddress', addressLocality: listing.location, addressCountry: 'KE' },
          ...(listing.phoneNumber ? { telephone: listing.phoneNumber } : {}),
        },
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: 'KES',
          lowPrice: listing.minPrice,
          highPrice: listing.maxPrice,
        },
        ...(aggregateRating(listing.rating) ? { aggregateRating: aggregateRating(listing.rating) } : {}),
      },
      breadcrumbList([
        { name: t('Home'), path: paths.home.getHref() },
        { name: category, path: paths.category.getHref(category) },
        { name: listing.name, path },
      ]),
    ],
  };
}
