#!/usr/bin/env node
// The first-load budgets of the built app, checked on every `make test`: for each route
// Lighthouse measures, the JS and CSS of index.html's entry plus the route's chunk, with their static
// imports (scripts/first-load.mjs, which the build's service worker shell reads too), each file gzip -9
// as the web image stores it. The same files as `first_load()` and ROUTES in deploy/local/bench/report.py.
// Exits 1 when a route is over a budget, so a regression fails. Then, for the record, the service
// worker's size and its shell per language (web/README.md, "Installable and offline"): no first load.
//
// Each language's build (src/lib/i18n.ts) is checked: English's (dist/.vite/manifest.json,
// dist/index.html) and Kiswahili's (dist/sw/manifest.json, dist/sw/index.html; its files are in
// dist/assets/ beside English's).
//
// Usage: node scripts/check-budgets.mjs [DIST] [--files]   (DIST defaults to web/dist; build first
// with `npm run build`, which writes the manifests). --files lists every file's size.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { APP, firstLoad, LANGUAGES as BUILDS, shellFiles } from './first-load.mjs';

const KIB = 1024;
/**
 * At most 110 KiB of JS per route: room to write each thing once rather than copy code to save bytes
 * (docs/decisions/0004-a-first-load-budget-that-leaves-room.md). About 78 KiB of it is React 19 with
 * its DOM renderer and React Router 7; axios (21 KiB) is fetched on the app's first call that is not
 * one of the first screen's, so it is not part of a first load (docs: web/README.md, "First load").
 */
const JS_MAX = 110 * KIB;
/** JS + CSS + index.html, before photos and the API's answers. */
const TOTAL_MAX = 250 * KIB;

/**
 * The routes and the modules (web/src, as keyed in Vite's manifest) each loads first, besides
 * index.html's entry: the app (src/main.tsx, which the entry imports at once and index.html preloads)
 * and the page. A signed-out visitor of /post-service gets /signin: the router sends them on before
 * the form's code is fetched (features/post-service/components/sellers-only.tsx), so only the sign-in
 * page's chunk loads.
 */
const ROUTES = [
  ['/', [APP, 'src/features/home/routes/home.tsx']],
  ['/all-services', [APP, 'src/features/listings/routes/all-services.tsx']],
  ['/services/location/{place}', [APP, 'src/features/listings/routes/services-by-location.tsx']],
  ['/service/{id}', [APP, 'src/features/listings/routes/service-detail.tsx']],
  ['/post-service (visitor → /signin)', [APP, 'src/features/auth/routes/sign-in.tsx']],
  ['/provider/{id}', [APP, 'src/features/providers/routes/provider.tsx']],
  ['/favourites', [APP, 'src/features/favourites/routes/favourites.tsx']],
];

const args = process.argv.slice(2);
const listFiles = args.includes('--files');
const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(fileURLToPath(import.meta.url), '../../dist'));
const LANGUAGES = BUILDS.map((build) => [build.name, join(dist, build.manifest), join(build.documents, 'index.html'), build]);
for (const [, manifestPath] of LANGUAGES) {
  if (!existsSync(manifestPath)) {
    console.error(`check-budgets: ${manifestPath} is missing: build the app first (npm run build)`);
    process.exit(2);
  }
}

const gzipped = new Map();
function gzSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}

const kib = (bytes) => (bytes / KIB).toFixed(1);
const sum = (files) => files.reduce((total, file) => total + gzSize(file), 0);

const rows = [];
for (const [name, manifestPath, indexHtml] of LANGUAGES) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = gzSize(indexHtml);
  const languageRows = ROUTES.map(([route, modules]) => {
    const { js, css } = firstLoad(manifest, modules);
    const jsBytes = sum(js);
    const total = jsBytes + sum(css) + html;
    return { route: `${route} (${name})`, js, css, jsBytes, cssBytes: sum(css), total, ok: jsBytes <= JS_MAX && total <= TOTAL_MAX };
  });
  rows.push(...languageRows);

  const width = Math.max(...languageRows.map((row) => row.route.length));
  console.log(
    `${name}: first load per route, gzip -9 KiB (budgets: JS ≤ ${kib(JS_MAX)}, JS + CSS + index.html ≤ ${kib(TOTAL_MAX)})`,
  );
  console.log(`${'route'.padEnd(width)}  JS files  JS KiB  CSS KiB  total KiB`);
  for (const row of languageRows) {
    console.log(
      `${row.route.padEnd(width)}  ${String(row.js.length).padStart(8)}  ${kib(row.jsBytes).padStart(6)}  ` +
        `${kib(row.cssBytes).padStart(7)}  ${kib(row.total).padStart(9)}  ${row.ok ? 'ok' : 'OVER BUDGET'}`,
    );
    if (listFiles) {
      for (const file of [...row.js, ...row.css].sort((a, b) => gzSize(b) - gzSize(a))) {
        console.log(`${''.padEnd(width)}    ${kib(gzSize(file)).padStart(6)}  ${file}`);
      }
    }
  }
  console.log(`${indexHtml}: ${kib(html)} KiB\n`);
}

// The service worker and what it keeps at install (web/README.md, "Installable and offline"): not part
// of any first load (registered once the page has loaded), reported for docs/BENCHMARKS.md.
if (existsSync(join(dist, 'sw.js'))) {
  console.log(`Offline (not a first load): sw.js ${kib(gzSize('sw.js'))} KiB (${readFileSync(join(dist, 'sw.js')).length} bytes before gzip)`);
  for (const [name, , , build] of LANGUAGES) {
    const files = shellFiles(dist, build).map((file) => file.slice(1));
    console.log(`  shell kept at install, ${name}: ${files.length} files, ${kib(sum(files))} KiB`);
  }
}

const over = rows.filter((row) => !row.ok);
if (over.length > 0) {
  console.error(`check-budgets: over budget on ${over.map((row) => row.route).join(', ')}`);
  process.exit(1);
}
