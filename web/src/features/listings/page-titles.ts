// The headings of the listing pages (SPEC §2 Listing pages), also used as their browser tab titles.
import { categories } from '@/config/categories';
import { humanizeSlug } from '@/lib/format';
import { t } from '@/lib/i18n';

/** A subcategory's slug as a name: the words of the slug in English (SPEC §2), its title in Kiswahili. */
function subcategoryName(slug: string): string {
  if (import.meta.env.MTAANI_LANGUAGE === 'sw') {
    const link = categories.flatMap(({ links }) => links).find((candidate) => candidate.slug === slug);
    if (link) return link.label;
  }
  return humanizeSlug(slug);
}

/** 'ladies-haircut' -> 'Ladies haircut Services'. */
export function subcategoryTitle(subcategory: string): string {
  return t('{subcategory} Services', { subcategory: subcategoryName(subcategory) });
}

export function locationTitle(locationName: string): string {
  return t('Services in {location}', { location: locationName });
}

export function searchTitle(query: string): string {
  return t('Search results for "{query}"', { query });
}
