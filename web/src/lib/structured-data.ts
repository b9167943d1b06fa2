// Parts of the schema.org JSON-LD the public pages' documents carry, shared by the pages'
// meta builders (features/<feature>/page-meta.ts). Used on the server only.

/** The town of a location: 'Kilimani, Nairobi' → 'Nairobi'. */
export function townOf(location: string): string {
  return location.split(',').at(-1)?.trim() || location.trim();
}

/** At most `max` characters, cut at a word. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(' ', max - 1)).replace(/[,.;:]$/, '')}…`;
}

export function breadcrumbList(crumbs: readonly { name: string; path: string }[]): object {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.path,
    })),
  };
}

export function aggregateRating(rating: { average?: number | null; count: number }): object | undefined {
  if (!rating.count || rating.average == null) return undefined;
  return { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 };
}
