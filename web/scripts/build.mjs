#!/usr/bin/env node
// `npm run build` after the type check: the app once per language (src/lib/i18n.ts) and the renderer.
//
//   dist/                 English: index.html, server-rendered.html, assets/, .vite/manifest.json
//   dist/sw/              Kiswahili's documents (index.html, server-rendered.html) and manifest.json;
//                         its files are in dist/assets/ beside English's (content-hashed names: a file
//                         the same in both, React say, is there once and cached across languages)
//   dist-server/          renderer.mjs, and the app for it per language: app.en.mjs, app.sw.mjs
//
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
process.chdir(web);
const LANGUAGES = ['en', 'sw'];

async function run(language, env) {
  Object.assign(process.env, { MTAANI_LANGUAGE: language, MTAANI_SSR_ENTRY: '', MTAANI_SSR_FIRST: '' }, env);
  const entry = { app: 'src/server/render.tsx', renderer: 'src/server/main.ts' }[env?.MTAANI_SSR_ENTRY];
  // build.ssr (the entry) makes vite.config.ts answer the renderer's configuration.
  await build({ logLevel: 'warn', build: entry ? { ssr: entry } : {} });
}

for (const language of LANGUAGES) {
  await run(language);
  if (language === 'en') continue;
  // dist-sw/ into dist/: its assets beside English's, its documents and manifest in dist/sw/.
  const from = join(web, `dist-${language}`);
  const to = join(web, 'dist', language);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(join(from, 'assets'))) {
    const target = join(web, 'dist', 'assets', file);
    if (!existsSync(target)) renameSync(join(from, 'assets', file), target);
  }
  for (const file of ['index.html', 'server-rendered.html']) renameSync(join(from, file), join(to, file));
  if (existsSync(join(from, '.vite', 'manifest.json'))) cpSync(join(from, '.vite', 'manifest.json'), join(to, 'manifest.json'));
  rmSync(from, { recursive: true, force: true });
}

for (const [index, language] of LANGUAGES.entries()) {
  await run(language, { MTAANI_SSR_ENTRY: 'app', MTAANI_SSR_FIRST: index === 0 ? '1' : '' });
}
await run('en', { MTAANI_SSR_ENTRY: 'renderer' });
