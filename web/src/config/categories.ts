// The category tree (SPEC §2): each category with its subcategory links under /services.
import { paths } from './paths';

export type CategoryId =
  | 'beauty'
  | 'hair'
  | 'health'
  | 'fitness'
  | 'fashion'
  | 'bridal'
  | 'flowers-gifts'
  | 'home'
  | 'photography';

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

function category(id: CategoryId, title: string, subcategories: [slug: string, title: string][]): Category {
  return {
    id,
    title,
    links: subcategories.map(([slug, linkTitle]) => ({
      slug,
      title: linkTitle,
      path: paths.servicesBySubcategory.getHref(id, slug),
    })),
  };
}

export const categories: readonly Category[] = [
  category('beauty', 'Beauty', [
    ['makeup', 'Makeup'],
    ['nails', 'Nails'],
    ['eyebrows-lashes', 'Eyebrows & Lashes'],
    ['microblading', 'Microblading'],
    ['tattoo-piercings', 'Tattoo & Piercings'],
    ['waxing', 'Waxing'],
    ['asmr-massage', 'ASMR Massage'],
    ['hub', 'Beauty Hub'],
  ]),
  category('hair', 'Hair', [
    ['braiding', 'Braiding'],
    ['weaving', 'Weaving'],
    ['locs', 'Locs'],
    ['wig-makeovers', 'Wig Makeovers'],
    ['ladies-haircut', 'Ladies Haircut'],
    ['complete-care', 'Complete Hair Care'],
  ]),
  category('health', 'Health', [
    ['skin-consultation', 'Skin Consultation'],
    ['mental-health', 'Mental Health'],
    ['maternal-care', 'Maternal Care'],
    ['reproductive-care', 'Reproductive Care'],
  ]),
  category('fitness', 'Fitness', [
    ['gym', 'Gym'],
    ['personal-trainers', 'Personal Trainers'],
    ['nutritionist', 'Nutritionist'],
  ]),
  category('fashion', 'Fashion', [
    ['african', 'African Fashion'],
    ['maasai-wear', 'Maasai Wear'],
    ['crotchet', 'Crochet'],
    ['personal-stylist', 'Personal Stylist'],
  ]),
  category('bridal', 'Bridal', [
    ['makeup', 'Bridal Makeup'],
    ['hair', 'Bridal Hair'],
    ['maids-for-hire', 'Maids for Hire'],
    ['gowns-for-hire', 'Gowns for Hire'],
  ]),
  category('flowers-gifts', 'Flowers & Gifts', [
    ['personalized', 'Personalized Gifts'],
    ['customized', 'Customized Gifts'],
  ]),
  category('home', 'Home', [
    ['cleaning', 'Cleaning'],
    ['laundry', 'Laundry'],
  ]),
  category('photography', 'Photography', [
    ['event', 'Event Photography'],
    ['lifestyle', 'Lifestyle Photography'],
    ['portrait', 'Portrait Photography'],
  ]),
];

export function findCategory(id: string): Category | undefined {
  return categories.find((c) => c.id === id);
}

export function findSubcategory(categoryId: string, slug: string): SubcategoryLink | undefined {
  return findCategory(categoryId)?.links.find((l) => l.slug === slug);
}
