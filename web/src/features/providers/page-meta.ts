// What a provider page's document says of it to link previews and search engines: built
// on the server only (the caller guards with import.meta.env.SSR).
import { paths } from '@/config/paths';
import type { PageMeta } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { aggregateRating, breadcrumbList } from '@/lib/structured-data';
import type { Provider } from './api/get-provider';

export function providerMeta(provider: Provider): PageMeta {
  const count = provider.listings.length;
  const path = paths.provider.getHref(provider.id);
  const prices = provider.listings.flatMap((l) => [l.minPrice, l.maxPrice]);
  const rating = aggregateRating(provider.rating);
  const towns = provider.towns.join(', ');
  const values = { name: provider.name, count, towns };
  // Whole sentences, one each: what they offer and where, their rating (when rated), how to reach them.
  let offer: string;
  if (provider.towns.length) {
    offer =
      count === 1
        ? t('{name} on Mtaani: 1 service in {towns}.', values)
        : t('{name} on Mtaani: {count} services in {towns}.', values);
  } else {
    offer = count === 1 ? t('{name} on Mtaani: 1 service.', values) : t('{name} on Mtaani: {count} services.', values);
  }
  const { average, count: reviews } = provider.rating;
  const stars =
    reviews > 0 && average != null
      ? reviews === 1
        ? t('Rated {average} out of 5 from 1 verified review.', { average: average.toFixed(1) })
        : t('Rated {average} out of 5 from {count} verified reviews.', { average: average.toFixed(1), count: reviews })
      : null;
  const photo = provider.listings.find((l) => !l.image.startsWith('/images/'))?.image;
  return {
    description: [offer, stars, t('Chat on WhatsApp or book an appointment.')].filter(Boolean).join(' '),
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
        { name: t('Home'), path: paths.home.getHref() },
        { name: provider.name, path },
      ]),
    ],
  };
}
