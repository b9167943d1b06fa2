// Vite build and dev server for the Mtaani SPA.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type UserConfig } from 'vite';

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

const resolve = { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } };

/**
 * The renderer (src/server/main.ts, `vite build --ssr`): one file for Node, with React, the router and
 * the app inside (nothing to install beside it), in React's production build.
 */
const server: UserConfig = {
  plugins: [react()],
  resolve,
  // The renderer serves no file: those are the browser build's.
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'renderer.mjs' } },
  },
};

export const browser: UserConfig = {
  plugins: [react(), preloadApp(), treeShakeReactRouter(), serverOnlyMeta(), shell.plugin],
  resolve,
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which files each route loads first, for the budget check
    // (scripts/check-budgets.mjs) and the benchmark (deploy/local/bench/report.py).
    manifest: true,
    // Every browser the build targets supports modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
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
              // The shell, and the document title every page sets (so that it makes no chunk of its
              // own beside each page's).
              test: (id) => (shell.has(id) && !id.endsWith('src/main.tsx')) || /[\\/]src[\\/]lib[\\/]document-title\.ts$/.test(id),
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
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? server : browser));
