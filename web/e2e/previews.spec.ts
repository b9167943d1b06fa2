// Link previews and search engines (issue 22): the documents as WhatsApp's and Google's crawlers fetch
// them (their User-Agent strings, no JavaScript), through nginx and through the gateway alone: each
// page's own title, description, canonical URL, Open Graph and Twitter tags in the HTML, the JSON-LD
// of listing and provider pages parsed, and a listing that is not there answering 404 without them.
import { expect, test, type APIRequestContext } from '@playwright/test';

const CRAWLERS = {
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

const fronts = [
  { name: 'nginx', base: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080' },
  ...(process.env.E2E_GATEWAY_URL ? [{ name: 'the gateway', base: process.env.E2E_GATEWAY_URL }] : []),
];

interface Document {
  status: number;
  html: string;
  meta: (key: string) => string | undefined;
  jsonLd: Record<string, unknown>[];
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  return value?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

async function fetchDocument(request: APIRequestContext, url: string, agent: string): Promise<Document> {
  const response = await request.get(url, { headers: { 'User-Agent': agent, Accept: 'text/html' } });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = head.match(/<(meta|link)\b[^>]*>/g) ?? [];
  const meta = (key: string) => {
    if (key === 'canonical') return attribute(tags.find((t) => /rel="canonical"/.test(t)) ?? '', 'href');
    const tag = tags.find((t) => attribute(t, 'property') === key || attribute(t, 'name') === key);
    return tag && attribute(tag, 'content');
  };
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return { status: response.status(), html, meta, jsonLd };
}

/** A JPEG's width and height, from its frame header. */
function jpegSize(bytes: Buffer): [number, number] | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + length;
  }
  return null;
}

function expectPreview(doc: Document, title: string, path: string) {
  expect(doc.status).toBe(200);
  expect(doc.html).toContain(`<title>${title}</title>`);
  expect(doc.meta('og:title')).toBe(title);
  expect(doc.meta('twitter:title')).toBe(title);
  expect(doc.meta('description')?.length).toBeGreaterThan(40);
  expect(doc.meta('og:description')).toBe(doc.meta('description'));
  expect(doc.meta('og:site_name')).toBe('Mtaani');
  expect(doc.meta('og:type')).toBeTruthy();
  expect(doc.meta('twitter:card')).toBe('summary_large_image');
  expect(new URL(doc.meta('canonical')!).pathname).toBe(path);
  expect(doc.meta('og:url')).toBe(doc.meta('canonical'));
  expect(doc.meta('og:image')).toMatch(/^https?:\/\/[^/]+\//);
}

for (const front of fronts) {
  test.describe(`previews through ${front.name}`, () => {
    test('a listing, its provider, and the list pages carry their own tags and JSON-LD', async ({ request }) => {
      const all = (await (await request.get(`${front.base}/api/services?sort=rating&limit=1`)).json()) as {
        _id: string;
        name: string;
        sellerId: string;
        location: string;
        minPrice: number;
      }[];
      const listing = all[0]!;
      for (const agent of Object.values(CRAWLERS)) {
        const doc = await fetchDocument(request, `${front.base}/service/${listing._id}`, agent);
        expectPreview(doc, `${listing.name} · Mtaani`, `/service/${listing._id}`);
        // The price range in Ksh and the place, for the chat preview.
        expect(doc.meta('og:description')).toContain(`Ksh ${listing.minPrice.toLocaleString('en-KE')}`);
        expect(doc.meta('og:description')).toContain(listing.location);
        // The listing's first photo as a 1200 × 630 JPEG of at most 300 KB.
        expect(doc.meta('og:image')).toMatch(/\/media\/og\/[^/]+\.jpg$/);
        expect([doc.meta('og:image:width'), doc.meta('og:image:height')]).toEqual(['1200', '630']);
        const image = await request.get(doc.meta('og:image')!);
        expect(image.status()).toBe(200);
        expect(image.headers()['content-type']).toBe('image/jpeg');
        const bytes = await image.body();
        expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
        expect(jpegSize(bytes)).toEqual([1200, 630]);
        const service = doc.jsonLd.find((o) => o['@type'] === 'Service')!;
        expect(service['@context']).toBe('https://schema.org');
        expect(service.name).toBe(listing.name);
        expect((service.offers as { priceCurrency: string }).priceCurrency).toBe('KES');
        expect((service.provider as { priceRange: string }).priceRange).toMatch(/^KES \d+-\d+$/);
        expect((service.areaServed as { name: string }).name).toBe(listing.location.split(',').at(-1)!.trim());
        const rating = service.aggregateRating as { ratingValue: number; reviewCount: number };
        expect(rating.reviewCount).toBeGreaterThan(0);
        expect(rating.ratingValue).toBeGreaterThanOrEqual(1);
        const crumbs = doc.jsonLd.find((o) => o['@type'] === 'BreadcrumbList')!;
        expect((crumbs.itemListElement as unknown[]).length).toBe(3);
      }

      const provider = await fetchDocument(request, `${front.base}/provider/${listing.sellerId}`, CRAWLERS.WhatsApp);
      const name = ((await (await request.get(`${front.base}/api/providers/${listing.sellerId}`)).json()) as { name: string })
        .name;
      expectPreview(provider, `${name} · Mtaani`, `/provider/${listing.sellerId}`);
      const business = provider.jsonLd.find((o) => o['@type'] === 'LocalBusiness')!;
      expect(business.name).toBe(name);
      expect((business.areaServed as unknown[]).length).toBeGreaterThan(0);
      expect(business.aggregateRating).toBeTruthy();
      expect(provider.jsonLd.some((o) => o['@type'] === 'BreadcrumbList')).toBe(true);

      // Pages without a photo of their own: the branded picture, 1200 × 630 too.
      const home = await fetchDocument(request, `${front.base}/`, CRAWLERS.WhatsApp);
      const branded = await request.get(home.meta('og:image')!);
      expect(branded.headers()['content-type']).toBe('image/jpeg');
      expect(jpegSize(await branded.body())).toEqual([1200, 630]);

      for (const [path, title] of [
        ['/', 'Mtaani'],
        ['/all-services', 'All Services · Mtaani'],
        ['/services/hair/braiding', 'Braiding Services · Mtaani'],
        ['/services/location/Nairobi', 'Services in Nairobi · Mtaani'],
        ['/category/beauty', 'Beauty · Mtaani'],
        ['/blogs', 'Blog · Mtaani'],
        ['/blog/planning-a-ruracio-on-a-budget', 'Planning a ruracio on a budget · Mtaani'],
      ] as const) {
        expectPreview(await fetchDocument(request, `${front.base}${path}`, CRAWLERS.Googlebot), title, path);
      }
    });

    test('a listing that is not there answers 404, with none of a listing’s tags', async ({ request }) => {
      for (const path of ['/service/no-such-listing', '/provider/no-such-provider', '/category/plumbing', '/blog/nope']) {
        const doc = await fetchDocument(request, `${front.base}${path}`, CRAWLERS.WhatsApp);
        expect(doc.status, path).toBe(404);
        expect(doc.meta('og:title'), path).toBeUndefined();
        expect(doc.meta('robots'), path).toBe('noindex');
        expect(doc.jsonLd, path).toEqual([]);
      }
    });
  });
}
