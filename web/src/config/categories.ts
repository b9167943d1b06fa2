// The category tree (SPEC §2): each category with its subcategory links under /services. The tree
// itself is the contract's data file, which the catalog service reads too: one edit adds a subcategory.
import tree from '../../../proto/catalog/v1/categories.json';
import { paths } from './paths';

export type CategoryId = string;

export interface SubcategoryLink {
  /** The subcategory's id in URLs and in listings (e.g. 'eyebrows-lashes'). */
  slug: string;
  /** The English title, as the data file has it (also in the API's answers). */
  title: string;
  /** The title shown, in this build's language. */
  label: string;
  path: string;
}

export interface Category {
  id: CategoryId;
  /** The English title, as the data file has it: the /category/{name} URL is built from it. */
  title: string;
  /** The title shown, in this build's language. */
  label: string;
  links: readonly SubcategoryLink[];
}

// In another language's build, the data file's categories and subcategories each have their `label`
// (proto/catalog/v1/categories.<language>.json, beside the tree, which catalog-svc's search reads too;
// one for every title: the build fails without, and src/i18n/dictionary.test.ts checks it). Not t()
// literals: 'Home' the category is 'Nyumbani', 'Home' the first page 'Mwanzo'. English shows the titles.
type Labelled = { title: string; label?: string };
const labelOf = (entry: Labelled) => entry.label ?? entry.title;

export const categories: readonly Category[] = tree.categories.map((category) => ({
  id: category.id,
  title: category.title,
  label: labelOf(category),
  links: category.subcategories.map((subcategory: Labelled & { slug: string }) => ({
    slug: subcategory.slug,
    title: subcategory.title,
    label: labelOf(subcategory),
    path: paths.servicesBySubcategory.getHref(category.id, subcategory.slug),
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
