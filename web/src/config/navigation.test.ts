import { describe, expect, it } from 'vitest';
import { categories } from './categories';
import { locationHref, locationIdForPathname, locations } from './locations';
import { paths } from './paths';

describe('search navigation', () => {
  it('goes to /search with the trimmed, encoded query', () => {
    expect(paths.search.getHref('braids')).toBe('/search?q=braids');
    expect(paths.search.getHref('  nail art & lashes ')).toBe('/search?q=nail%20art%20%26%20lashes');
  });

  it('does nothing for a blank query', () => {
    expect(paths.search.getHref('')).toBeNull();
    expect(paths.search.getHref('   ')).toBeNull();
  });
});

describe('location navigation', () => {
  it('lists the SPEC locations in order', () => {
    expect(locations.map((l) => `${l.id}: ${l.name}`)).toEqual([
      'all: All Locations',
      'nairobi: Nairobi',
      'nakuru: Nakuru',
      'kiambu: Kiambu',
      'kisumu: Kisumu',
      'thika: Thika',
    ]);
  });

  it("sends 'all' to /all-services and a town to its page by name", () => {
    expect(locationHref('all')).toBe('/all-services');
    expect(locationHref('nairobi')).toBe('/services/location/Nairobi');
    expect(locationHref('thika')).toBe('/services/location/Thika');
    expect(locationHref('mombasa')).toBeNull();
  });

  it('URL-encodes the location name', () => {
    expect(paths.servicesByLocation.getHref('All Locations')).toBe('/services/location/All%20Locations');
  });

  it('recognises the location a page shows', () => {
    expect(locationIdForPathname('/all-services')).toBe('all');
    expect(locationIdForPathname('/services/location/Nairobi')).toBe('nairobi');
    expect(locationIdForPathname('/services/location/kisumu')).toBe('kisumu');
    expect(locationIdForPathname('/services/location/Mombasa')).toBe('');
    expect(locationIdForPathname('/services/location/%E0%A4%A')).toBe('');
    expect(locationIdForPathname('/')).toBe('');
  });
});

describe('categories', () => {
  it('hold every SPEC §2 subcategory under /services/{category}/{subcategory}', () => {
    const tree = Object.fromEntries(categories.map((c) => [c.id, c.links.map((l) => l.slug)]));
    expect(tree).toEqual({
      beauty: ['makeup', 'nails', 'eyebrows-lashes', 'microblading', 'tattoo-piercings', 'waxing', 'asmr-massage', 'hub'],
      hair: ['braiding', 'weaving', 'locs', 'wig-makeovers', 'ladies-haircut', 'complete-care'],
      health: ['skin-consultation', 'mental-health', 'maternal-care', 'reproductive-care'],
      fitness: ['gym', 'personal-trainers', 'nutritionist'],
      fashion: ['african', 'maasai-wear', 'crotchet', 'personal-stylist'],
      bridal: ['makeup', 'hair', 'maids-for-hire', 'gowns-for-hire'],
      'flowers-gifts': ['personalized', 'customized'],
      home: ['cleaning', 'laundry'],
      photography: ['event', 'lifestyle', 'portrait'],
    });
    for (const category of categories) {
      for (const link of category.links) {
        expect(link.path).toBe(`/services/${category.id}/${link.slug}`);
        expect(link.title).not.toBe('');
      }
    }
  });

  it('have human titles', () => {
    expect(categories.map((c) => c.title)).toEqual([
      'Beauty',
      'Hair',
      'Health',
      'Fitness',
      'Fashion',
      'Bridal',
      'Flowers & Gifts',
      'Home',
      'Photography',
    ]);
    const titles = categories.flatMap((c) => c.links.map((l) => l.title));
    expect(titles).toEqual(expect.arrayContaining(['Eyebrows & Lashes', 'ASMR Massage', 'Wig Makeovers']));
  });
});
