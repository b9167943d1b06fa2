// What the listing pages' documents say of them to link previews and search engines:
// built on the server only (the callers guard with import.meta.env.SSR), so none of it is in the
// browser's code. Paths in the JSON-LD are made absolute by the renderer.
import { paths } from '@/config/paths';
import type { PageMeta } from '@/lib/document-title';
import { formatPriceRange } from '@/lib/format';
import { language, t } from '@/lib/i18n';
import { categoryTitle, subcategoryLabel } from '@/lib/listing';
import { aggregateRating, breadcrumbList, clip, townOf } from '@/lib/structured-data';
import type { Listing, ListingDetail } from '@/types/api';

/** A list of services (all of them, a category, a subcategory, a town, a search). */
export function listMeta(title: string): PageMeta {
  return {
    description: t(
      '{title} on Mtaani: compare prices in Ksh, read verified reviews, and chat on WhatsApp or book an appointment with providers near you in Kenya.',
      { title },
    ),
  };
}

/**
 * A place's page: what its first listings offer, the most listed first ("Braiding, Nails
 * and Makeup in Kasarani, Nairobi on Mtaani: …"); the list's description while it has none.
 */
export function placeMeta(title: string, place: string, listings: Listing[]): PageMeta {
  const counts = new Map<string, number>();
  for (const listing of listings) {
    const name = subcategoryLabel(listing);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const offered = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name]) => name);
  if (offered.length === 0) return listMeta(title);
  const services = new Intl.ListFormat(language, { type: 'conjunction' }).format(offered);
  return {
    description: t(
      '{services} in {place} on Mtaani: compare prices in Ksh, read verified reviews, and chat on WhatsApp or book an appointment.',
      { services, place },
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
