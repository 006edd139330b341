import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { OUTSIDE_SHELL_PATHS, OUTSIDE_SHELL_PREFIXES, SIGN_IN_PATHS } from './providers/outside-shell';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, at the
 * highest levels: compressed once here, they are served as they are (`@fastify/static`
 * `preCompressed`, server/app.ts) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist/web';
  return {
    name: 'loyalty-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of fs.readdirSync(outDir, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        // Small files too: the static server looks for index.html's copies when serving `/`.
        const content = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * refine's build (`@refinedev/core/dist/index.mjs`, one file) wraps every function in its
 * name-keeping helper (`var X = o(fn, "X")`, esbuild's `keepNames`). The bundler must assume a
 * call has effects, so every hook and component of refine (with papaparse, the CSV import and
 * export's parser) stayed in the console's chunk whether the console used it or not. The helper
 * only sets the name of the function it is given, so its calls are marked pure: a wrapped
 * function nothing uses is left out (about 15 KiB gzipped). The helper is found by its shape;
 * a refine build without it is left as it is.
 */
function refineTreeShaking(): Plugin {
  return {
    name: 'loyalty-refine-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@refinedev[\\/]core[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const helper = /var (\w+)=\(\w+,\w+\)=>\w+\(\w+,"name",\{value:\w+,configurable:!0\}\);/.exec(code)?.[1];
      if (!helper) return null;
      return { code: code.replace(new RegExp(`([=:,])${helper}\\(`, 'g'), `$1/* @__PURE__ */${helper}(`), map: null };
    },
  };
}

/**
 * Parts of antd components the first screens never draw, loaded when first drawn instead of with
 * the component: antd's table imports the tree for its tree-shaped column filters
 * (`filterMode: 'tree'`, which no declared list uses: their filters are the filter bar's) and the
 * radio for single-choice filters and single-row selection (the roles' list); antd's card
 * imports the tabs for its tabbed header (`tabList`). Each was in the list's or the landing's
 * scripts whether drawn or not (rc-tree about 10 KiB gzipped, the tabs 11, the radio 3). The
 * import is answered with a stand-in of the same interface that loads the real component on its
 * first drawing (`React.lazy`, nothing shown meanwhile); a screen that imports the component
 * itself gets the real one as before. Build only: the development server serves antd prebundled.
 */
const ON_DEMAND: readonly { importer: RegExp; imports: Readonly<Record<string, string>> }[] = [
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    imports: { '../../../tree': 'antd/es/tree', '../../../radio': 'antd/es/radio' },
  },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, imports: { '../../radio': 'antd/es/radio' } },
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, imports: { '../tabs': 'antd/es/tabs' } },
];
const ON_DEMAND_PREFIX = '\0on-demand:';

function componentsOnDemand(): Plugin {
  return {
    name: 'loyalty-components-on-demand',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const entry = ON_DEMAND.find((item) => importer !== undefined && item.importer.test(importer));
      return entry && Object.hasOwn(entry.imports, source) ? `${ON_DEMAND_PREFIX}${entry.imports[source]}` : null;
    },
    load(id) {
      if (!id.startsWith(ON_DEMAND_PREFIX)) return null;
      const module = JSON.stringify(id.slice(ON_DEMAND_PREFIX.length));
      return [
        `import { createElement, forwardRef, lazy, Suspense } from 'react';`,
        `const Real = lazy(() => import(${module}));`,
        `const OnDemand = forwardRef((props, ref) => createElement(Suspense, { fallback: null }, createElement(Real, { ...props, ref })));`,
        `export default OnDemand;`,
      ].join('\n');
    },
  };
}

/**
 * The browser's own ResizeObserver for antd's resize observer (rc-resize-observer), which imports a
 * polyfill for browsers without one (about 2.4 KiB gzipped in the login page's script). Every
 * browser the console supports has had it since 2020. Build only: the component tests' jsdom has
 * none, and keep the polyfill.
 */
function platformResizeObserver(): Plugin {
  return replacedImport({
    name: 'platform-resize-observer',
    source: 'resize-observer-polyfill',
    code: 'export default globalThis.ResizeObserver;',
  });
}

/**
 * rc-table measures the scroll bar's width on every table's first drawing
 * (`getTargetScrollBarSize`: a box added to the page and read back), which forces a layout of the
 * whole page in the middle of the list's first commit. The console styles no scroll bar of its
 * own, so the page's measure (rc-util's `getScrollBarSize`, kept once taken) is the same figure;
 * it is taken when the table's code is loaded, before any table draws. The figure only matters to
 * tables with a fixed header or sticky parts, which the console does not draw. Build only, like
 * the rest of the first screens' trimming.
 */
function sharedScrollbarSize(): Plugin {
  return replacedImport({
    name: 'shared-scrollbar-size',
    source: 'rc-util/es/getScrollBarSize',
    importer: /[\\/]rc-table[\\/]es[\\/]Table\.js$/,
    code: [
      `import getScrollBarSize from 'rc-util/es/getScrollBarSize';`,
      `if (typeof document !== 'undefined' && document.body) getScrollBarSize();`,
      `export default getScrollBarSize;`,
      `export function getTargetScrollBarSize() { const width = getScrollBarSize(); return { width, height: width }; }`,
    ].join('\n'),
  });
}

/**
 * A build plugin answering the import of `source` (by `importer` only, when given) with `code`,
 * a module of its own (which may import `source` itself: its own imports are left alone).
 */
function replacedImport(args: {
  readonly name: string;
  readonly source: string;
  readonly importer?: RegExp;
  readonly code: string;
}): Plugin {
  const id = `\0${args.name}`;
  return {
    name: `loyalty-${args.name}`,
    apply: 'build',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === args.source && (!args.importer || (importer !== undefined && args.importer.test(importer))) ? id : null,
    load: (loaded) => (loaded === id ? args.code : null),
  };
}

/**
 * antd's styles as two CSS files written at build time (src/shell/antd-static-styles.ts) instead
 * of computed and inserted by every component as it first draws: the one of the pages outside
 * the shell linked first in index.html's head (before the app's own CSS, where antd inserts its
 * styles at run time), the console's named on that link (`data-antd-console`) and loaded with
 * the console's code (src/shell/console-styles.ts). Left out when the build is not a production
 * one: antd's class names differ between the two, so the files would not match the page.
 */
function antdStaticStyles(): Plugin {
  let base = '/';
  const NAMES = { outside: 'antd-outside.css', console: 'antd-console.css' } as const;
  let emitted = false;
  let iconStyles = '';
  const fileOf = (bundle: Record<string, { type: string; name?: string; names?: string[]; fileName: string }>, name: string) =>
    Object.values(bundle).find((item) => item.type === 'asset' && (item.name === name || item.names?.includes(name)))?.fileName;
  return {
    name: 'loyalty-antd-static-styles',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      emitted = process.env.NODE_ENV === 'production';
      if (!emitted) return;
      const { antdStaticStyles: extract } = await import('./src/shell/antd-static-styles');
      const css = extract();
      iconStyles = css.icons;
      this.emitFile({ type: 'asset', name: NAMES.outside, source: css.outside });
      this.emitFile({ type: 'asset', name: NAMES.console, source: css.console });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!emitted || !ctx.bundle) return html;
        const outside = fileOf(ctx.bundle, NAMES.outside);
        const consoleFile = fileOf(ctx.bundle, NAMES.console);
        if (!outside || !consoleFile) throw new Error('antd static styles: the emitted files are missing from the bundle');
        const link = `<link rel="stylesheet" href="${base}${outside}" data-antd-console="${base}${consoleFile}">`;
        // antd's icons insert their few rules (first in the head) as the first icon draws, which
        // took a phone's first list some milliseconds; written here as they would insert them,
        // the icons find them in place (rc-util's updateCSS, by the key) and leave them.
        const icons = `<style data-rc-order="prepend" rc-util-key="@ant-design-icons">${iconStyles}</style>`;
        const charset = /(<meta charset="UTF-8" \/>)/i;
        if (!charset.test(html)) throw new Error("antd static styles: index.html has no <meta charset> to put the icons' rules after");
        // First in the head's styles and scripts: the app's CSS (shell.css) comes after antd's.
        return html.replace(charset, `$1${icons}`).replace(/(\s*)(<script type="module")/, `$1${link}$1$2`);
      },
    },
  };
}

/**
 * A page opened inside the console (a reload, a link, the member list a tablet keeps open) needs
 * the console's chunk and the generic list's (with the files they import) as much as the entry's,
 * but the entry asks for them only once it has arrived and run: on a slow link, one whole download
 * after the other. A small script of the build, named in index.html's head (async, so no page
 * waits for it), starts those downloads at once when the address is inside the console
 * (`modulepreload`, and a `preload` of antd's console styles). Outside it it leaves the link to
 * the page's own downloads; on the sign-in page (not a member's card page), once the page has
 * loaded and the browser is idle, it fetches the same files into the HTTP cache (`prefetch`, the
 * lowest priority): while the
 * clerk types the password the console's code arrives, and the screen after sign-in draws without
 * waiting for it. The rule for "outside" is the app's (providers/outside-shell.ts), written into
 * the script.
 */
function consolePreload(): Plugin {
  let base = '/';
  const NAME = 'console-preload.js';
  return {
    name: 'loyalty-console-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const loaded = new Set<string>();
      const visit = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const next of byFile.get(file)?.imports ?? []) visit(next, into);
      };
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) visit(entry.fileName, loaded);
      const wanted = new Set<string>();
      const groups = chunks.filter((chunk) => chunk.name === 'console' || chunk.name === 'list-screen');
      if (groups.length !== 2)
        throw new Error(
          `console preload: the console and list chunks are missing from the bundle (${groups.map((chunk) => chunk.fileName).join(', ')})`,
        );
      for (const chunk of groups) visit(chunk.fileName, wanted);
      const scripts = [...wanted].filter((file) => !loaded.has(file)).map((file) => `${base}${file}`);
      const styles = Object.values(bundle)
        .filter((item) => item.type === 'asset' && (item.names ?? []).includes('antd-console.css'))
        .map((item) => `${base}${item.fileName}`);
      const source = `(function(){var r=location.hash.replace(/^#/,'').split('?')[0];
var scripts=${JSON.stringify(scripts)},styles=${JSON.stringify(styles)};
function add(href,rel,as,cors){var l=document.createElement('link');l.rel=rel;l.href=href;if(as)l.as=as;if(cors)l.crossOrigin='';document.head.appendChild(l)}
if(${JSON.stringify(SIGN_IN_PATHS)}.indexOf(r)>=0){
var later=function(){scripts.forEach(function(f){add(f,'prefetch','script',1)});styles.forEach(function(f){add(f,'prefetch','style')})};
var idle=function(){(window.requestIdleCallback||setTimeout)(later)};
if(document.readyState==='complete')idle();else addEventListener('load',idle,{once:true});return}
if(${JSON.stringify(OUTSIDE_SHELL_PATHS)}.indexOf(r)>=0||${JSON.stringify(OUTSIDE_SHELL_PREFIXES)}.some(function(p){return r.indexOf(p)===0}))return;
scripts.forEach(function(f){add(f,'modulepreload','',1)});
styles.forEach(function(f){add(f,'preload','style')});})();
`;
      this.emitFile({ type: 'asset', name: NAME, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const file = Object.values(ctx.bundle ?? {}).find((item) => item.type === 'asset' && (item.names ?? []).includes(NAME))?.fileName;
        if (!file) return html;
        return html.replace(/(\s*)(<script type="module")/, `$1<script async src="${base}${file}"></script>$1$2`);
      },
    },
  };
}

/**
 * Packages that run nothing when loaded (CommonJS, so the bundler cannot tell): refine imports
 * them for parts the console does not use (the CSV import and export, the devtools' stack traces);
 * unused, they are left out.
 */
const NO_SIDE_EFFECTS = /[\\/]node_modules[\\/](papaparse|pluralize|error-stack-parser|stackframe)[\\/]/;

/** The browser app: built into dist/web and served by the API process at `/`. */
export default defineConfig({
  plugins: [
    react(),
    componentsOnDemand(),
    platformResizeObserver(),
    sharedScrollbarSize(),
    refineTreeShaking(),
    antdStaticStyles(),
    consolePreload(),
    precompress(),
  ],
  root: '.',
  // qs's side channel without its intrinsics and object-inspect (src/lib/side-channel.cjs).
  resolve: { alias: { 'side-channel': path.resolve(import.meta.dirname, 'src/lib/side-channel.cjs') } },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !NO_SIDE_EFFECTS.test(id) },
      // What the entry imports statically (the login page: React, the router, antd's form, the
      // HTTP client, i18next) in one chunk instead of some forty: a phone on a slow link pays a
      // round trip per file beyond its few connections. Lazy parts keep Vite's own splitting.
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            // The console's shell (console-routes.tsx and everything it imports statically) and
            // the generic list screen with its field kinds, each one chunk: loaded through
            // HTTP/1.1's six connections per host, some seventy small files took a phone on a
            // slow link a round trip per six files after sign-in.
            { name: 'console', test: /[\\/]src[\\/]shell[\\/]console-routes\.tsx$/ },
            // (Not named `list`: a lazy chunk of antd's List module takes that name from its file.)
            // The member list is the screen a tablet keeps open and the console's landing reads
            // members too: the member declaration travels with the list instead of a round trip
            // after it (the lazy condition builder, which names member fields, imports it as well).
            {
              name: 'list-screen',
              test: /[\\/](src[\\/]screens[\\/]generic[\\/](list-screen|screen-factory)\.tsx|resources[\\/]member[\\/]member\.resource\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/loyalty': { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false } },
  },
});
