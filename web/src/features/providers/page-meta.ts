// What a provider page's document says of it to link previews and search engines (issue 22): built
// on the server only (the caller guards with import.meta.env.SSR).
import { paths } from '@/config/paths';
import type { PageMeta } from '@/lib/document-title';
import { aggregateRating, breadcrumbList } from '@/lib/structured-data';
import type { Provider } from './api/get-provider';

export function providerMeta(provider: Provider): PageMeta {
  const count = provider.listings.length;
  const path = paths.provider.getHref(provider.id);
  const prices = provider.listings.flatMap((l) => [l.minPrice, l.maxPrice]);
  const rating = aggregateRating(provider.rating);
  const where = provider.towns.length ? ` in ${provider.towns.join(', ')}` : '';
  const stars =
    provider.rating.count > 0 && provider.rating.average != null
      ? ` Rated ${provider.rating.average.toFixed(1)} out of 5 from ${provider.rating.count} verified ${provider.rating.count === 1 ? 'review' : 'reviews'}.`
      : '';
  const photo = provider.listings.find((l) => !l.image.startsWith('/images/'))?.image;
  return {
    description: `${provider.name} on Mtaani: ${count} ${count === 1 ? 'service' : 'services'}${where}.${stars} Chat on WhatsApp or book an appointment.`,
    image: photo,
    type: 'profile',
    jsonLd: [
      {
        '@type': 'LocalBusiness',
        name: provider.name,
        url: path,
        ...(photo ? { image: photo } : {}),
        areaServed: provider.towns.map((town) => ({ '@type': 'City', name: town })),
        address: { '@type': 'PostalAddress', addressLocality: provider.towns[0] ?? 'Kenya', addressCountry: 'KE' },
        ...(prices.length ? { priceRange: `KES ${Math.min(...prices)}-${Math.max(...prices)}` } : {}),
        ...(rating ? { aggregateRating: rating } : {}),
      },
      breadcrumbList([
        { name: 'Home', path: paths.home.getHref() },
        { name: provider.name, path },
      ]),
    ],
  };
}
