#!/usr/bin/env node
// `npm run build` after the type check: the app once per language (src/lib/i18n.ts) and the renderer.
//
//   dist/                 English: index.html, server-rendered.html, offline.html, manifest.webmanifest,
//                         assets/, .vite/manifest.json; sw.js, the service worker (both languages)
//   dist/sw/              Kiswahili's documents (index.html, server-rendered.html, offline.html),
//                         manifest.webmanifest and Vite's manifest.json; its files are in dist/assets/
//                         beside English's (content-hashed names: a file the same in both, React say,
//                         is there once and cached across languages)
//   dist-server/          renderer.mjs, and the app for it per language: app.en.mjs, app.sw.mjs
//
// The offline page (offline.html) is built per language apart from the app, and the service worker
// (src/offline/worker.ts) last, with each language's shell written in (scripts/first-load.mjs).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { LANGUAGES as BUILDS, shellFiles } from './first-load.mjs';

const web = fileURLToPath(new URL('..', import.meta.url));
process.chdir(web);
const LANGUAGES = ['en', 'sw'];

async function run(language, env) {
  Object.assign(process.env, { MTAANI_LANGUAGE: language, MTAANI_SSR_ENTRY: '', MTAANI_SSR_FIRST: '', MTAANI_BUILD_PART: '' }, env);
  const entry = { app: 'src/server/render.tsx', renderer: 'src/server/main.ts' }[env?.MTAANI_SSR_ENTRY];
  // build.ssr (the entry) makes vite.config.ts answer the renderer's configuration.
  await build({ logLevel: 'warn', build: entry ? { ssr: entry } : {} });
}

/** Moves the files of `from`/assets/ into dist/assets/ (a name already there is the same file). */
function moveAssets(from) {
  for (const file of readdirSync(join(from, 'assets'))) {
    const target = join(web, 'dist', 'assets', file);
    if (!existsSync(target)) renameSync(join(from, 'assets', file), target);
  }
}

/** A language's documents folder in dist/ (English's is dist/ itself). */
const documents = (language) => join(web, 'dist', language === 'en' ? '' : language);

for (const language of LANGUAGES) {
  await run(language);
  if (language === 'en') continue;
  // dist-sw/ into dist/: its assets beside English's, its documents and manifests in dist/sw/.
  const from = join(web, `dist-${language}`);
  const to = documents(language);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  moveAssets(from);
  for (const file of ['index.html', 'server-rendered.html', 'manifest.webmanifest']) renameSync(join(from, file), join(to, file));
  if (existsSync(join(from, '.vite', 'manifest.json'))) cpSync(join(from, '.vite', 'manifest.json'), join(to, 'manifest.json'));
  rmSync(from, { recursive: true, force: true });
}

for (const language of LANGUAGES) {
  await run(language, { MTAANI_BUILD_PART: 'offline-page' });
  const from = join(web, `dist-offline-${language}`);
  moveAssets(from);
  renameSync(join(from, 'offline.html'), join(documents(language), 'offline.html'));
  rmSync(from, { recursive: true, force: true });
}

// The service worker, with each language's shell and the release: a new shell, or new worker code,
// is a new version (its caches replace the old ones when it takes over).
const shell = Object.fromEntries(BUILDS.map((build) => [build.language, shellFiles(join(web, 'dist'), build)]));
const sources = ['worker.ts', 'bounds.ts', 'caches.ts'].map((file) => readFileSync(join(web, 'src', 'offline', file), 'utf8'));
const version = createHash('sha256').update(JSON.stringify(shell)).update(sources.join('')).digest('hex').slice(0, 12);
await run('en', { MTAANI_BUILD_PART: 'worker', MTAANI_OFFLINE: JSON.stringify({ version, shell }) });
renameSync(join(web, 'dist-worker', 'sw.js'), join(web, 'dist', 'sw.js'));
rmSync(join(web, 'dist-worker'), { recursive: true, force: true });

for (const [index, language] of LANGUAGES.entries()) {
  await run(language, { MTAANI_SSR_ENTRY: 'app', MTAANI_SSR_FIRST: index === 0 ? '1' : '' });
}
await run('en', { MTAANI_SSR_ENTRY: 'renderer' });
