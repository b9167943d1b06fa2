// Small SVG pictures for the sample articles and their authors, as data URIs: the blog page shows them
// without downloading anything.

/** An SVG document as an <img> source. */
function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.replace(/\s*\n\s*/g, ' ').trim())}`;
}

export type Motif = 'comb' | 'rings' | 'kiondo' | 'dumbbell' | 'sun' | 'dress';

interface Palette {
  from: string;
  to: string;
  /** The drawing's main colour (on the gradient). */
  ink: string;
  /** A second colour for details. */
  accent: string;
}

// Each motif is drawn around the centre of a 400 × 240 picture.
const motifs: Record<Motif, (p: Palette) => string> = {
  // An afro pick and a hot sun: natural hair in the dry season.
  comb: (p) => `
    <circle cx="312" cy="62" r="30" fill="${p.accent}"/>
    <g stroke="${p.accent}" stroke-width="5" stroke-linecap="round">
      <path d="M312 14v-6M312 116v-6M264 62h-6M366 62h-6M278 28l-4-4M350 100l-4-4M346 28l4-4M278 96l-4 4"/>
    </g>
    <g fill="${p.ink}">
      <rect x="150" y="62" width="100" height="28" rx="14"/>
      ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${156 + i * 13.4}" y="84" width="7" height="96" rx="3.5"/>`).join('')}
      <rect x="186" y="30" width="28" height="40" rx="10"/>
    </g>
    <circle cx="200" cy="42" r="6" fill="${p.accent}"/>`,
  // Two rings and sparkles: the wedding day.
  rings: (p) => `
    <g fill="none" stroke-width="12">
      <circle cx="172" cy="138" r="48" stroke="${p.ink}"/>
      <circle cx="232" cy="138" r="48" stroke="${p.accent}"/>
    </g>
    <path d="M172 90l-14-18h28z" fill="${p.ink}"/>
    <g fill="${p.ink}">
      <path d="M300 54l5 13 13 5-13 5-5 13-5-13-13-5 13-5z"/>
      <path d="M98 70l3 8 8 3-8 3-3 8-3-8-8-3 8-3z"/>
      <path d="M316 168l3 7 7 3-7 3-3 7-3-7-7-3 7-3z"/>
    </g>`,
  // A kiondo basket and a stack of shillings: planning a ruracio.
  kiondo: (p) => `
    <path d="M150 92h100l-14 104h-72z" fill="${p.ink}"/>
    <g stroke="${p.accent}" stroke-width="6">
      <path d="M153 118h94M157 144h86M160 170h80"/>
    </g>
    <path d="M160 94c0-40 80-40 80 0" fill="none" stroke="${p.ink}" stroke-width="8" stroke-linecap="round"/>
    <g fill="${p.accent}" stroke="${p.ink}" stroke-width="3">
      <ellipse cx="298" cy="188" rx="30" ry="9"/>
      <ellipse cx="298" cy="174" rx="30" ry="9"/>
      <ellipse cx="298" cy="160" rx="30" ry="9"/>
      <ellipse cx="298" cy="146" rx="30" ry="9"/>
    </g>`,
  // A dumbbell and a water bottle: the first gym visit.
  dumbbell: (p) => `
    <g transform="rotate(-18 190 130)" fill="${p.ink}">
      <rect x="120" y="122" width="140" height="16" rx="8"/>
      <rect x="108" y="88" width="26" height="84" rx="8"/>
      <rect x="86" y="100" width="18" height="60" rx="7"/>
      <rect x="246" y="88" width="26" height="84" rx="8"/>
      <rect x="276" y="100" width="18" height="60" rx="7"/>
    </g>
    <rect x="306" y="96" width="38" height="100" rx="12" fill="${p.accent}"/>
    <rect x="314" y="80" width="22" height="20" rx="5" fill="${p.ink}"/>
    <rect x="306" y="128" width="38" height="22" fill="${p.ink}" opacity="0.35"/>`,
  // The sun and a tube of sunscreen: everyday sun care.
  sun: (p) => `
    <circle cx="150" cy="112" r="46" fill="${p.accent}"/>
    <g stroke="${p.accent}" stroke-width="7" stroke-linecap="round">
      <path d="M150 40v-16M150 200v-16M78 112H62M238 112h-16M99 61 88 50M212 174l-11-11M201 61l11-11M88 174l11-11"/>
    </g>
    <g transform="rotate(14 280 130)">
      <rect x="252" y="58" width="60" height="124" rx="16" fill="${p.ink}"/>
      <rect x="266" y="176" width="32" height="24" rx="6" fill="${p.ink}"/>
      <rect x="264" y="96" width="36" height="40" rx="8" fill="${p.accent}"/>
    </g>`,
  // A dress on a hanger over a kitenge-like pattern: African print style.
  dress: (p) => `
    <g fill="${p.accent}" opacity="0.35">
      ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M${i * 56 - 10} 240l28-40 28 40z"/><circle cx="${i * 56 + 18}" cy="28" r="9"/>`).join('')}
    </g>
    <path d="M200 26a12 12 0 1 1 12 12v8" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M150 64l50-18 50 18" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M176 64h48l-4 40 46 98H134l46-98z" fill="${p.ink}"/>
    <g fill="${p.accent}">
      <circle cx="200" cy="140" r="9"/>
      <circle cx="176" cy="176" r="9"/>
      <circle cx="224" cy="176" r="9"/>
      <path d="M186 106h28l-3 12h-22z"/>
    </g>`,
};

/** A 400 × 240 article picture: the motif on a two-colour gradient with soft circles. */
export function articleIllustration(motif: Motif, palette: Palette): string {
  return svgDataUri(`
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="400" height="240">
      <defs>
        <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="${palette.from}"/>
          <stop offset="1" stop-color="${palette.to}"/>
        </linearGradient>
      </defs>
      <rect width="400" height="240" fill="url(#g)"/>
      <circle cx="40" cy="210" r="90" fill="#fff" opacity="0.08"/>
      <circle cx="380" cy="10" r="70" fill="#fff" opacity="0.08"/>
      ${motifs[motif](palette)}
    </svg>`);
}

/** A round avatar with the author's initials (first letters of the first and last names). */
export function initialsAvatar(name: string, background: string): string {
  const words = name.trim().split(/\s+/);
  const initials = `${words[0]?.[0] ?? ''}${words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''}`;
  return svgDataUri(`
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
      <circle cx="32" cy="32" r="32" fill="${background}"/>
      <text x="32" y="41" text-anchor="middle" fill="#fff" font-family="system-ui, sans-serif" font-size="24"
        font-weight="700">${initials.toUpperCase()}</text>
    </svg>`);
}
