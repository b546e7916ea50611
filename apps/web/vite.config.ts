import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { endpointAddresses } from './endpoint-addresses.ts';

const rootPackage: { version?: string } = JSON.parse(
  fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
);
/** The build's version, compared with the dashboard_version cookie for the hard-refresh notice. */
const version = process.env.APP_VERSION ?? rootPackage.version ?? '0.1.0';

/** The libraries of the dashboard's screens: React, the router, TanStack Query, Mantine, the icons. */
const SHELL_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|@mantine[\\/](core|hooks|notifications|store)|@floating-ui|@tabler|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|react-number-format|react-textarea-autosize)[\\/]/;

/** react-dom's server renderer (the server's and the tests' renderPage) is no part of the dashboard. */
const REACT_DOM_SERVER = /react-dom[\\/](server|cjs[\\/]react-dom-server)/;
const isShellLibrary = (id: string) => SHELL_LIBRARIES.test(id) && !REACT_DOM_SERVER.test(id);

/** The domain package's modules only declare: a module none of whose exports is used is left out. */
const DOMAIN_SOURCES = /packages[\\/]domain[\\/]src[\\/]/;
const domainSources = fileURLToPath(new URL('../../packages/domain/src/', import.meta.url));
/** A module's file: relative, or the domain package's (`@funnelwork/domain/rules`); other packages stay null. */
const fileOf = (from: string, specifier: string): string | null => {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  if (specifier === '@funnelwork/domain') return path.join(domainSources, 'index.ts');
  if (specifier.startsWith('@funnelwork/domain/'))
    return path.join(domainSources, `${specifier.slice('@funnelwork/domain/'.length)}.ts`);
  return null;
};
const webSources = fileURLToPath(new URL('./src/', import.meta.url));
const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
/** Packages split per file: only the components and icons the first screens use go in `vendor`. */
const PER_FILE = {
  '@mantine/core': path.join(nodeModules, '@mantine/core/esm/index.mjs'),
  '@tabler/icons-react': path.join(nodeModules, '@tabler/icons-react/dist/esm/tabler-icons-react.mjs'),
} as const;
/** A module's value imports and re-exports (type-only ones are erased): the names and where from. */
const importsOf = (source: string) =>
  [...source.matchAll(/^(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s*['"]([^'"]+)['"]/gms)].map((m) => ({
    names: [
      ...(m[1] ?? '').matchAll(/(?:^|[{,\s])(?:default\s+as\s+)?(\w+)(?:\s+as\s+\w+)?\s*(?=[,}])/g),
    ].map((n) => n[1] ?? ''),
    specifier: m[2] ?? '',
  }));
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
/**
 * The library files the log-in screen and the entry (main.tsx and what it imports statically) load: React,
 * the router and Query whole, and of Mantine and the icons the components they import with everything those
 * import. The other Mantine components and icons are the `vendor-screens` file the other screens load.
 * `sources` are the app's modules that walk read.
 */
const firstLoad = (() => {
  const files = new Set<string>();
  const packages = new Set<string>();
  const barrels = new Map<string, Map<string, string>>();
  const barrelFile = (pkg: keyof typeof PER_FILE, name: string) => {
    let map = barrels.get(pkg);
    if (!map) {
      map = new Map();
      const barrel = PER_FILE[pkg];
      for (const { names, specifier } of importsOf(fs.readFileSync(barrel, 'utf8')))
        if (specifier.startsWith('.'))
          for (const n of names) map.set(n, path.resolve(path.dirname(barrel), specifier));
      barrels.set(pkg, map);
    }
    return map.get(name);
  };
  const addPackage = (pkg: string) => {
    if (packages.has(pkg)) return;
    packages.add(pkg);
    const manifest = path.join(nodeModules, pkg, 'package.json');
    if (!fs.existsSync(manifest)) return;
    for (const dep of Object.keys(JSON.parse(fs.readFileSync(manifest, 'utf8')).dependencies ?? {}))
      if (!(dep in PER_FILE)) addPackage(dep);
  };
  const addLibraryFile = (file: string) => {
    if (files.has(file) || !fs.existsSync(file)) return;
    files.add(file);
    for (const { specifier } of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) addLibraryFile(path.resolve(path.dirname(file), specifier));
      else if (!(packageOf(specifier) in PER_FILE)) addPackage(packageOf(specifier));
    }
  };
  const seen = new Set<string>();
  const addSource = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file) || file.endsWith('.css')) return;
    seen.add(file);
    for (const { names, specifier } of importsOf(fs.readFileSync(file, 'utf8'))) {
      const next = fileOf(file, specifier);
      if (next) addSource(next);
      else if (specifier in PER_FILE)
        for (const name of names) {
          const found = barrelFile(specifier as keyof typeof PER_FILE, name);
          if (found) addLibraryFile(found);
        }
      else addPackage(packageOf(specifier));
    }
  };
  addSource(path.join(webSources, 'main.tsx'));
  addSource(path.join(webSources, 'features/session/routes/log-in/log-in-screen.tsx'));
  const isLibrary = (id: string) => {
    // The styles (main.tsx imports Mantine's whole sheet) are the entry's.
    if (files.has(id) || id.endsWith('.css')) return true;
    const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
    const pkg = match?.[1]?.replaceAll('\\', '/') ?? '';
    return packages.has(pkg) && !(pkg in PER_FILE);
  };
  return { isLibrary, sources: seen };
})();
/** Whether a source file loads zod, itself or through its relative imports (type-only imports are erased). */
const loadsZod = (() => {
  const known = new Map<string, boolean>();
  const check = (file: string): boolean => {
    const cached = known.get(file);
    if (cached !== undefined) return cached;
    known.set(file, false);
    const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const specifiers = importsOf(source).map((found) => found.specifier);
    const result = specifiers.some((specifier) => {
      const next = fileOf(file, specifier);
      return specifier === 'zod' || (next !== null && check(next));
    });
    known.set(file, result);
    return result;
  };
  return check;
})();
/**
 * The rules and widgets most screens use, one file: the domain's rules, the web's shared/ folder, dates and
 * countries. Whatever loads zod stays with the screens whose contracts need it.
 */
const isSharedCode = (id: string) =>
  (/apps[\\/]web[\\/]src[\\/]shared[\\/]|node_modules[\\/](dayjs|country-region-data)[\\/]/.test(id) ||
    (DOMAIN_SOURCES.test(id) && !/[\\/](api|analytics|automations)[\\/]/.test(id))) &&
  !loadsZod(id);
/** Of web/src/shared, the modules the entry and the log-in screen load are the `shared` file, the rest another. */
const isFirstLoadCode = (id: string) =>
  !/apps[\\/]web[\\/]src[\\/]shared[\\/]/.test(id) || firstLoad.sources.has(id);

export default defineConfig({
  root: fs.realpathSync(new URL('.', import.meta.url)),
  plugins: [
    react(),
    endpointAddresses(),
    // Brotli and gzip beside every text asset, served by content negotiation (@fastify/static's
    // preCompressed): compressing once at build time lets brotli use its best quality.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|woff)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      skipIfLargerOrEqual: true,
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/preview-user-template': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A font stays a file: inlined, each small subset's woff2 and its woff fallback would weigh on the
    // editor's stylesheet, which blocks its first paint, though a browser fetches at most one of them.
    assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined),
    // A screen's first load fetches a few files, not one per Mantine component and icon (issue 37 §1:
    // 95 files for a cold /orders before, 16 now). The libraries the entry and the log-in screen use are one
    // 'vendor' file, the other Mantine components and icons one 'vendor-screens' file (205 KB brotli for
    // /log-in before, 128 KB of it unused there); the rules and widgets the entry uses are one 'shared' file,
    // web/src/shared's others 'shared-screens'; zod comes with the screens whose forms or calls import the
    // contracts; @mantine/dates, the charts and the rich-text editor stay with their screens, and
    // react-dom's server renderer is left out.
    rolldownOptions: {
      // Without this, a module the rules barrel re-exports counts as loaded by every importer of the barrel:
      // a cold /orders fetched luxon (19 KB) for the Dashboard's buckets and every area's contracts.
      // Likewise react-dom/server: the blocks barrel re-exports renderPage, which the dashboard never calls
      // (its previews use the string renderer), and the CommonJS module would otherwise come along whole.
      treeshake: {
        moduleSideEffects: (id: string) => !DOMAIN_SOURCES.test(id) && !REACT_DOM_SERVER.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 6 },
            {
              name: 'vendor',
              test: (id: string) => isShellLibrary(id) && firstLoad.isLibrary(id),
              priority: 5,
            },
            { name: 'vendor-screens', test: isShellLibrary, priority: 4 },
            { name: 'shared', test: (id: string) => isSharedCode(id) && isFirstLoadCode(id), priority: 3 },
            { name: 'shared-screens', test: isSharedCode, priority: 2 },
          ],
        },
      },
    },
  },
});
