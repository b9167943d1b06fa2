// Vite build and dev server for the Mtaani SPA.
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type UserConfig } from 'vite';
import { apiTexts, DOCUMENT_TEXTS, loadDictionary, translate, type Dictionary } from './src/i18n/keys.ts';

// The gateway serves /api and uploaded /media; in development it runs beside Vite.
const backend = process.env.MTAANI_BACKEND_URL ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/media': { target: backend, changeOrigin: true },
};

/**
 * The entry (src/boot.ts) loads the app with import('./main'). So that the app does not wait for the
 * entry to have run, index.html fetches the app's chunk, React and the app's styles from the start too
 * (modulepreload and stylesheet links).
 *
 * A page the server renders (src/server/render.tsx) is on screen before the app runs: its document,
 * server-rendered.html, is index.html without the modulepreload links, so that the app's scripts do
 * not compete with the page's photos (boot.ts fetches them once those are on screen).
 */
function preloadApp(app = 'src/main.tsx'): Plugin {
  return {
    name: 'mtaani:preload-app',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('preload-app: index.html is not in the bundle');
        const html = String(index.source);
        const source = html.replace(/^\s*<link rel="modulepreload"[^>]*>\n/gm, '');
        if (source === html) throw new Error('preload-app: index.html has no modulepreload link to leave out');
        this.emitFile({ type: 'asset', fileName: 'server-rendered.html', source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunk = (fileName: string) => {
          const output = bundle[fileName];
          return output?.type === 'chunk' ? output : undefined;
        };
        const entry = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(app)),
        );
        if (entry?.type !== 'chunk') throw new Error(`preload-app: no chunk is built for ${app}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const output = chunk(fileName);
          if (!output || scripts.has(fileName)) return;
          scripts.add(fileName);
          output.imports.forEach(visit);
          output.viteMetadata?.importedCss.forEach((file) => styles.add(file));
        };
        visit(entry.fileName);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        });
        // What index.html links already (the entry's own imports) is not linked twice; the largest
        // script (React) is asked for first.
        const size = (file: string) => chunk(file)?.code.length ?? 0;
        return [
          ...[...styles].filter((file) => !html.includes(file)).map((file) => link('stylesheet', file)),
          ...[...scripts]
            .filter((file) => !html.includes(file))
            .sort((a, b) => size(b) - size(a))
            .map((file) => link('modulepreload', file)),
        ];
      },
    },
  };
}

/**
 * The modules `root` imports statically, directly or not (known once the module graph is built, before
 * the chunks are made): the app's shell, for the chunk that index.html preloads.
 */
function staticGraph(root: string) {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'mtaani:static-graph',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const visit = (id: string) => {
        if (modules.has(id)) return;
        modules.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(visit);
      };
      const start = [...this.getModuleIds()].find((id) => id.endsWith(root));
      if (start) visit(start);
    },
  };
  return { plugin, has: (id: string) => modules.has(id) };
}

const shell = staticGraph('src/main.tsx');

/**
 * React Router's components are `var Link = React.forwardRef(…)` then `Link.displayName = "Link"`:
 * neither is marked side-effect free, so every one of them stays in the bundle, used or not (Form,
 * ScrollRestoration, …). Marking these calls pure and dropping the names (read only by React's
 * developer tools) leaves out the unused ones: about 1.3 KiB gzip of the first load.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'mtaani:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        const shaken = code
          // Its console warnings are for developers (React's own production build has none): the
          // package's exports name its development build only, whose production twin is the same code
          // with ENABLE_DEV_WARNINGS off; and warning() returning at once lets the minifier drop the
          // calls and their messages. About 1.1 KiB gzip of the first load.
          .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;')
          .replace(/^function warning\(cond, message\) \{$/m, 'function warning() { return;')
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '')
          .replace(/^var (\w+) = (React\d*\.(?:forwardRef|createContext))\(/gm, 'var $1 = /* @__PURE__ */ $2(')
          // <Link prefetch> works only in framework mode (PrefetchPageLinks needs its data router);
          // the app never passes it: Link's prefetch links, and all they use, are left out.
          .replace(/React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/g, 'null');
        // No line moves: the source map stays as it was.
        return { code: shaken, map: null };
      },
    },
  };
}

/**
 * What the server writes into a page's document for link previews and search engines is built by
 * modules the pages call only under `import.meta.env.SSR` (features/<feature>/page-meta.ts,
 * lib/structured-data.ts): in the browser's build nothing of them is used, and marked free of side
 * effects they leave no (empty) chunk for a page to fetch either.
 */
function serverOnlyMeta(): Plugin {
  return {
    name: 'mtaani:server-only-meta',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]src[\\/](features[\\/][^\\/]+[\\/]page-meta|lib[\\/]structured-data)\.ts$/ },
      handler(code) {
        return { code, map: null, moduleSideEffects: false };
      },
    },
  };
}

type Language = 'en' | 'sw';

/** The language of a build: MTAANI_LANGUAGE (scripts/build.mjs builds each; default English). */
function buildLanguage(): Language {
  const value = process.env.MTAANI_LANGUAGE ?? 'en';
  if (value !== 'en' && value !== 'sw') throw new Error(`MTAANI_LANGUAGE must be en or sw, not "${value}"`);
  return value;
}

/**
 * Each language has a build of its own (src/lib/i18n.ts): every `t('English')` of the app's modules is
 * replaced by its translation (src/i18n/sw/*.json; a text without one fails the build), `t('…')`
 * without values by the bare string, so the browser loads no dictionary and English costs nothing.
 * index.html gets the language's `lang` and texts, the category tree its labels. Tests (Vitest) see
 * the English source as it is.
 */
const dictionaries = new Map<Language, Dictionary | null>();
/** The dictionary into `language` (none for English, the language of the keys), read once. */
function dictionaryOf(language: Language): Dictionary | null {
  if (!dictionaries.has(language)) {
    const folder = fileURLToPath(new URL(`./src/i18n/${language}`, import.meta.url));
    // The API's texts are the contract's, shared with the gateway (proto/i18n/<language>.json).
    const api = fileURLToPath(new URL('../proto/i18n', import.meta.url));
    dictionaries.set(language, language === 'en' ? null : loadDictionary(folder, [apiTexts(api, language)]));
  }
  return dictionaries.get(language) ?? null;
}

function i18n(language: Language): Plugin {
  const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const dictionary = dictionaryOf(language);
  const titles =
    language === 'en'
      ? null
      : (JSON.parse(readFileSync(source(`../proto/catalog/v1/categories.${language}.json`), 'utf8')) as Record<string, string>);
  return {
    name: 'mtaani:i18n',
    enforce: 'pre',
    apply: () => !process.env.VITEST,
    config: () => ({ define: { 'import.meta.env.MTAANI_LANGUAGE': JSON.stringify(language) } }),
    transform: {
      filter: { id: /([\\/]src[\\/].*\.tsx?|[\\/]proto[\\/]catalog[\\/]v1[\\/]categories\.json)$/ },
      handler(code, id) {
        if (id.endsWith('.json')) {
          // The category tree (config/categories.ts) with each title's label in this language beside
          // it: the translations only, not a second copy of the English titles as keys.
          if (!titles) return;
          const label = (title: string) => {
            if (!titles[title]) throw new Error(`proto/catalog/v1/categories.${language}.json has no "${title}"`);
            return titles[title];
          };
          const tree = JSON.parse(code) as { categories: { title: string; subcategories: { title: string }[] }[] };
          for (const category of tree.categories) {
            Object.assign(category, { label: label(category.title) });
            for (const subcategory of category.subcategories) Object.assign(subcategory, { label: label(subcategory.title) });
          }
          return { code: JSON.stringify(tree), map: null };
        }
        if (/\.test\.tsx?$/.test(id)) return;
        const translated = translate(code, id, dictionary);
        if (!translated) return;
        const output = new MagicString(code);
        for (const edit of translated.edits) output.overwrite(edit.start, edit.end, edit.text);
        return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
      },
    },
    transformIndexHtml(html) {
      if (!dictionary) return html;
      let translated = html
        .replace('<html lang="en-KE">', `<html lang="${language}-KE">`)
        .replace('href="/manifest.webmanifest"', `href="/${language}/manifest.webmanifest"`);
      for (const text of DOCUMENT_TEXTS) translated = translated.replace(text, dictionary.get(text) ?? text);
      return translated;
    },
  };
}

/**
 * The web app manifest, which makes the app installable, one per language beside its documents:
 * dist/manifest.webmanifest, and dist/sw/manifest.webmanifest, which Kiswahili's index.html links. Its
 * description is index.html's, in the build's language. The icons are drawn by scripts/app-icons.mjs.
 */
function webManifest(language: Language): Plugin {
  const description = DOCUMENT_TEXTS[0]!;
  const dictionary = dictionaryOf(language);
  const icon = (name: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${name}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  const manifest = {
    id: '/',
    name: 'Mtaani',
    short_name: 'Mtaani',
    description: dictionary?.get(description) ?? description,
    lang: `${language}-KE`,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#b23c13',
    background_color: '#fbf7f2',
    categories: ['lifestyle', 'shopping'],
    icons: [icon('icon', 192, 'any'), icon('icon', 512, 'any'), icon('maskable', 192, 'maskable'), icon('maskable', 512, 'maskable')],
  };
  return {
    name: 'mtaani:web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

const resolve = { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } };

/**
 * The renderer (src/server/main.ts, `vite build --ssr`, scripts/build.mjs): for Node, with React, the
 * router and the app inside (nothing to install beside it), in React's production build. The app's
 * part (src/server/render.tsx) is built once per language, `dist-server/app.<language>.mjs`, beside
 * the server itself, `dist-server/renderer.mjs`, which loads them.
 */
function server(language: Language): UserConfig {
  const app = process.env.MTAANI_SSR_ENTRY !== 'renderer';
  return {
    plugins: app ? [react(), i18n(language)] : [],
    resolve,
    // The renderer serves no file: those are the browser build's.
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: app ? 'src/server/render.tsx' : 'src/server/main.ts',
      outDir: 'dist-server',
      // The first of the three builds empties it.
      emptyOutDir: process.env.MTAANI_SSR_FIRST === '1',
      target: 'node20',
      rolldownOptions: {
        output: { codeSplitting: false, entryFileNames: app ? `app.${language}.mjs` : 'renderer.mjs' },
        // The apps are loaded at run time (main.ts), not bundled into the server.
        external: app ? [] : [/\/app\.(en|sw)\.mjs$/],
      },
    },
  };
}

export const browser = (language: Language = 'en'): UserConfig => ({
  plugins: [react(), i18n(language), preloadApp(), treeShakeReactRouter(), serverOnlyMeta(), webManifest(language), shell.plugin],
  resolve,
  server: { proxy },
  preview: { proxy },
  build: {
    // English at the root; another language's build is moved into dist/ by scripts/build.mjs.
    outDir: language === 'en' ? 'dist' : `dist-${language}`,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which files each route loads first, for the budget check
    // (scripts/check-budgets.mjs) and the benchmark (deploy/local/bench/report.py).
    manifest: true,
    modulePreload: {
      // Every browser the build targets supports modulepreload.
      polyfill: false,
      // What a dynamic import() fetches along with its chunk, for the chunk's own imports not to
      // wait for it: those imports, not the chunk itself, which import() asks for at the same moment
      // (about 0.3 KiB gzip of file names fewer in the entry's chunk).
      resolveDependencies: (file, dependencies) => dependencies.filter((dependency) => dependency !== file),
    },
    rolldownOptions: {
      output: {
        // Files by their hash alone (the entry lists them all, for the preloads of its dynamic imports:
        // 0.5 KiB gzip of names); React's and the router's file keeps its name (e2e/server-render.spec.ts).
        entryFileNames: 'assets/[hash].js',
        chunkFileNames: (chunk) => (chunk.name === 'vendor' ? 'assets/vendor-[hash].js' : 'assets/[hash].js'),
        codeSplitting: {
          // Few files for the first load, each whole: React and the router (they change far less often
          // than the app, so their file stays cached across releases); the entry and what it imports
          // (the first screen's calls and its first paint); the app's shell (layout, header, footer),
          // beside src/main.tsx's own small chunk, which the manifest names. Pages keep a chunk each;
          // what several of them share gets a chunk per set of pages sharing it (rolldown's own
          // splitting), so that a page loads none of what only others use.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/,
              priority: 3,
            },
            { name: 'boot', tags: ['$initial'], priority: 2 },
            {
              name: 'app',
              // The shell, the document title every page sets and the loading of a page's data that
              // nearly every page does (so that they make no small chunks of their own beside each
              // page's: 0.2 KiB gzip less on a listing's first load).
              test: (id) =>
                (shell.has(id) && !id.endsWith('src/main.tsx')) || /[\\/]src[\\/]lib[\\/](document-title|use-request)\.tsx?$/.test(id),
              priority: 1,
            },
            // Form code shared by the form pages and dialogs: one chunk rather than one per set of forms.
            {
              name: 'forms',
              test: /[\\/]src[\\/](components[\\/]ui[\\/](form-field|textarea-field|email-field)|lib[\\/](use-form|use-submission|idempotency|validation))\.tsx?$/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

/**
 * The offline page (offline.html and src/offline/offline-page.ts) of a language: a document of its own,
 * built apart from the app so that its script shares no chunk with the app's first load. Its files go
 * to dist/assets/ beside the app's (scripts/build.mjs).
 */
const offlinePage = (language: Language): UserConfig => ({
  plugins: [i18n(language)],
  resolve,
  publicDir: false,
  build: {
    outDir: `dist-offline-${language}`,
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: fileURLToPath(new URL('./offline.html', import.meta.url)),
      output: { entryFileNames: 'assets/[hash].js', chunkFileNames: 'assets/[hash].js', assetFileNames: 'assets/[hash][extname]' },
    },
  },
});

/**
 * The service worker (src/offline/worker.ts): one classic script, dist-worker/sw.js, with the release
 * and each language's shell that scripts/build.mjs passes in MTAANI_OFFLINE (JSON) written in.
 */
function serviceWorker(): UserConfig {
  const offline = process.env.MTAANI_OFFLINE;
  if (!offline) throw new Error('MTAANI_OFFLINE (the shell of each language) is set by scripts/build.mjs');
  return {
    resolve,
    publicDir: false,
    define: { __MTAANI_OFFLINE__: offline },
    build: {
      outDir: 'dist-worker',
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: {
        input: fileURLToPath(new URL('./src/offline/worker.ts', import.meta.url)),
        output: { format: 'iife', entryFileNames: 'sw.js', codeSplitting: false },
      },
    },
  };
}

/** What scripts/build.mjs builds besides the app and the renderer (MTAANI_BUILD_PART). */
function part(): UserConfig | undefined {
  const value = process.env.MTAANI_BUILD_PART;
  if (value === 'offline-page') return offlinePage(buildLanguage());
  if (value === 'worker') return serviceWorker();
  if (value) throw new Error(`MTAANI_BUILD_PART must be offline-page or worker, not "${value}"`);
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? server(buildLanguage()) : (part() ?? browser(buildLanguage()))));
