// The tags a page's document carries for link previews (WhatsApp, Facebook, X) and search engines:
// title, meta description, canonical URL, Open Graph, Twitter card and JSON-LD. Written by
// the renderer into the server-rendered document, so that a crawler that runs no script reads them.
import type { PageMeta } from '@/lib/document-title';
import { language, t } from '@/lib/i18n';

export const SITE_NAME = 'Mtaani';
/** The branded picture of pages without one of their own (web/public): 1200 × 630 JPEG. */
export const DEFAULT_IMAGE = '/og-default.jpg';
export const DEFAULT_DESCRIPTION = t(
  'Find trusted beauty, hair, health, fitness, fashion, bridal, home and photography providers near you in Kenya. Chat on WhatsApp or book an appointment.',
);

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** JSON for a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** `path` (or a URL) as an absolute URL of the site. */
export function absolute(origin: string, path: string): string {
  return new URL(path, `${origin}/`).toString();
}

/** The paths of a JSON-LD object's links (url, item, image) as absolute URLs. */
function absoluteLinks(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteLinks(item, origin));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      ['url', 'item', 'image'].includes(key) && typeof field === 'string' && field.startsWith('/')
        ? absolute(origin, field)
        : absoluteLinks(field, origin),
    ]),
  );
}

/**
 * The head tags of a page titled `title` at `url` (its canonical address: the path without the query,
 * on `origin`); a page that is not there gets none but robots' noindex.
 */
export function headTags(title: string, meta: PageMeta | undefined, url: URL, origin: string): string {
  if (meta?.notFound) return '<meta name="robots" content="noindex">';
  const description = meta?.description ?? DEFAULT_DESCRIPTION;
  const canonical = absolute(origin, url.pathname);
  const image = absolute(origin, meta?.image ?? DEFAULT_IMAGE);
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeAttribute(content)}">`;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeAttribute(content)}">`;
  const tags = [
    named('description', description),
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    property('og:site_name', SITE_NAME),
    property('og:type', meta?.type ?? 'website'),
    property('og:title', title),
    property('og:description', description),
    property('og:url', canonical),
    property('og:image', image),
    property('og:locale', language === 'sw' ? 'sw_KE' : 'en_KE'),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', description),
    named('twitter:image', image),
  ];
  const size = meta?.image ? meta.imageSize : ([1200, 630] as const);
  if (size) tags.push(property('og:image:width', String(size[0])), property('og:image:height', String(size[1])));
  if (meta?.image?.endsWith('.jpg') || !meta?.image) tags.push(property('og:image:type', 'image/jpeg'));
  for (const object of meta?.jsonLd ?? []) {
    const linked = absoluteLinks(object, origin) as object;
    tags.push(`<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...linked })}</script>`);
  }
  return tags.join('');
}
