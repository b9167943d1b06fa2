// The headings of the listing pages (SPEC §2 Listing pages), also used as their browser tab titles.
import { humanizeSlug } from '@/lib/format';

/** 'ladies-haircut' -> 'Ladies haircut Services'. */
export function subcategoryTitle(subcategory: string): string {
  return `${humanizeSlug(subcategory)} Services`;
}

export function locationTitle(locationName: string): string {
  return `Services in ${locationName}`;
}

export function searchTitle(query: string): string {
  return `Search results for "${query}"`;
}
