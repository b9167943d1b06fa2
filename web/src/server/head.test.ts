import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, headTags } from './head';

const url = new URL('http://renderer/service/abc?sort=rating');
const origin = 'https://mtaani.example.com';

describe('headTags', () => {
  it('writes the description, canonical URL, Open Graph and Twitter tags, escaped', () => {
    const tags = headTags('Nails & "Gel" · Mtaani', { description: 'Ksh 800 - Ksh 2,500 · Kilimani, Nairobi. <b>' }, url, origin);
    expect(tags).toContain('<meta name="description" content="Ksh 800 - Ksh 2,500 · Kilimani, Nairobi. &lt;b&gt;">');
    expect(tags).toContain('<link rel="canonical" href="https://mtaani.example.com/service/abc">');
    expect(tags).toContain('<meta property="og:title" content="Nails &amp; &quot;Gel&quot; · Mtaani">');
    expect(tags).toContain('<meta property="og:url" content="https://mtaani.example.com/service/abc">');
    expect(tags).toContain('<meta property="og:image" content="https://mtaani.example.com/og-default.jpg">');
    expect(tags).toContain('<meta property="og:image:width" content="1200">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).toContain('<meta property="og:type" content="website">');
  });

  it("uses the page's picture, and the site's description when the page has none", () => {
    const tags = headTags('Mtaani', { description: 'x', image: '/media/abc/1280.webp', type: 'profile' }, url, origin);
    expect(tags).toContain('content="https://mtaani.example.com/media/abc/1280.webp"');
    expect(tags).not.toContain('og:image:width');
    expect(tags).toContain('<meta property="og:type" content="profile">');
    expect(headTags('Mtaani', undefined, url, origin)).toContain(DEFAULT_DESCRIPTION.replace(/&/g, '&amp;'));
  });

  it('writes JSON-LD with absolute links, which no text in it can end', () => {
    const tags = headTags(
      'x',
      { description: 'x', jsonLd: [{ '@type': 'Service', name: '</script><script>alert(1)</script>', url: '/service/abc' }] },
      url,
      origin,
    );
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(tags)![1]!;
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: '</script><script>alert(1)</script>',
      url: 'https://mtaani.example.com/service/abc',
    });
  });

  it('gives a page that is not there nothing but noindex', () => {
    expect(headTags('Service Not Found · Mtaani', { description: '', notFound: true }, url, origin)).toBe(
      '<meta name="robots" content="noindex">',
    );
  });
});
