// The category tree (SPEC §2): each category with its subcategory links under /services. The tree
// itself is the contract's data file, which the catalog service reads too: one edit adds a subcategory.
import tree from '../../../proto/catalog/v1/categories.json';
import { paths } from './paths';

export type CategoryId = string;

export interface SubcategoryLink {
  /** The subcategory's id in URLs and in listings (e.g. 'eyebrows-lashes'). */
  slug: string;
  title: string;
  path: string;
}

export interface Category {
  id: CategoryId;
  title: string;
  links: readonly SubcategoryLink[];
}

export const categories: readonly Category[] = tree.categories.map(({ id, title, subcategories }) => ({
  id,
  title,
  links: subcategories.map(({ slug, title: linkTitle }) => ({
    slug,
    title: linkTitle,
    path: paths.servicesBySubcategory.getHref(id, slug),
  })),
}));

export function findCategory(id: string): Category | undefined {
  return categories.find((c) => c.id === id);
}

export function findSubcategory(categoryId: string, slug: string): SubcategoryLink | undefined {
  return findCategory(categoryId)?.links.find((l) => l.slug === slug);
}

/**
 * The category of a /category/{name} page: its title as paths.category writes it ('flowers-&-gifts'),
 * or its id ('flowers-gifts'); any case.
 */
export function findCategoryByName(name: string): Category | undefined {
  const wanted = name.trim().toLowerCase();
  const slug = (title: string) => title.trim().toLowerCase().replace(/\s+/g, '-');
  return categories.find((c) => slug(c.title) === wanted || c.id === wanted);
}
