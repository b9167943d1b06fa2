// What the search box suggests while typing: GET /api/services/suggest answers listings,
// categories and places from two letters typed; here they become the box's options, each with the
// page it opens. Read over fetch (firstScreenApi): the header downloads no axios for it.
import type { ComboboxOption } from '@/components/ui/use-combobox';
import { findCategory, findSubcategory } from '@/config/categories';
import { paths } from '@/config/paths';
import type { Suggestions } from '@/types/api';
import { firstScreenApi } from './api-client';
import { t } from './i18n';
import { placeLabel } from './places';

/** Suggestions are asked for from this many letters typed (the API answers none under it). */
export const SUGGEST_FROM = 2;

export async function getSuggestions(query: string, signal?: AbortSignal): Promise<Suggestions> {
  return (await firstScreenApi.get<Suggestions>('/api/services/suggest', { params: { query }, signal })).data;
}

/** An option of the box, and the address it opens. */
export interface Suggestion extends ComboboxOption {
  href: string;
}

/** The suggestions as the box lists them: categories, then listings, then places. */
export function suggestionOptions({ categories, listings, places }: Suggestions): Suggestion[] {
  const options: Suggestion[] = [];
  for (const { category, subcategory } of categories) {
    const found = findCategory(category);
    if (!found) continue;
    const link = subcategory ? findSubcategory(category, subcategory) : undefined;
    if (subcategory && !link) continue;
    options.push({
      id: `category:${category}/${subcategory ?? ''}`,
      label: link?.label ?? found.label,
      detail: link ? found.label : t('Category'),
      href: link?.path ?? paths.category.getHref(found.title),
    });
  }
  for (const listing of listings) {
    const kind = findSubcategory(listing.category, listing.subcategory)?.label;
    options.push({
      id: `listing:${listing.id}`,
      label: listing.name,
      detail: [kind, listing.place].filter(Boolean).join(' · '),
      href: paths.service.getHref(listing.id),
    });
  }
  for (const place of places) {
    // The search of a place's name (with its county, which tells apart places of one name) lists
    // what is there, nearest first.
    const words = place.kind === 'county' ? place.name : `${place.name} ${place.county}`;
    options.push({
      id: `place:${place.id}`,
      label: placeLabel(place),
      detail: t('Services in this area'),
      href: paths.search.getHref(words) ?? paths.allServices.getHref(),
    });
  }
  return options;
}
