// Which built files a page needs first, from Vite's manifest: read by the budget check
// (check-budgets.mjs: each route's first load) and by the build (build.mjs: the service worker's shell
// of each language, the files it keeps at install for offline use).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each language's documents folder and Vite manifest, under dist/. */
export const LANGUAGES = [
  { language: 'en', name: 'English', documents: '', manifest: join('.vite', 'manifest.json') },
  { language: 'sw', name: 'Kiswahili', documents: 'sw', manifest: join('sw', 'manifest.json') },
];

/** The app (src/main.tsx): the entry imports it at once and index.html preloads it. */
export const APP = 'src/main.tsx';

/**
 * What the service worker keeps at install besides the entry and the app: a listing's page with its
 * reviews and the header's parts loaded apart (the desktop's tools, the phone's menu), so that a kept
 * listing hydrates offline whole on any screen (a part that cannot load would leave the app's error
 * page instead); the booking dialog (it opens offline to say so); and the connection banner with the
 * worker's registration (offline/start.ts).
 */
export const SHELL_MODULES = [
  APP,
  'src/features/listings/routes/service-detail.tsx',
  'src/features/listings/components/service-reviews.tsx',
  'src/components/layouts/header/desktop-header.tsx',
  'src/components/layouts/header/mobile-drawer.tsx',
  'src/features/booking/components/booking-dialog.tsx',
  'src/offline/start.ts',
];

/** The JS and CSS files (dist-relative) of index.html's entry plus `modules`, with their static imports. */
export function firstLoad(manifest, modules) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest: update scripts/first-load.mjs or check-budgets.mjs`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', ...modules]) visit(key);
  return { js: [...js], css: [...css] };
}

/**
 * The service worker's shell of one language (absolute paths): the first-load files of SHELL_MODULES,
 * the offline page with its script and styles, and the icon every document links.
 */
export function shellFiles(dist, { documents, manifest }) {
  const { js, css } = firstLoad(JSON.parse(readFileSync(join(dist, manifest), 'utf8')), SHELL_MODULES);
  const offlinePage = join(documents, 'offline.html');
  const offlineFiles = [...readFileSync(join(dist, offlinePage), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...js, ...css, offlinePage, ...offlineFiles, 'favicon.svg'])].map((file) => `/${file.split('\\').join('/')}`);
}
