import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const rootPackage: { version?: string } = JSON.parse(
  fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
);
/** The build's version, compared with the dashboard_version cookie for the hard-refresh notice. */
const version = process.env.APP_VERSION ?? rootPackage.version ?? '0.1.0';

/** The libraries of the dashboard's shell: React, the router, TanStack Query, Mantine, the icons. */
const SHELL_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|@mantine[\\/](core|hooks|notifications|store)|@floating-ui|@tabler|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|react-number-format|react-textarea-autosize)[\\/]/;

/** react-dom's server renderer (the editor's previews) is no part of the shell. */
const isShellLibrary = (id: string) =>
  SHELL_LIBRARIES.test(id) && !/react-dom[\\/](server|cjs[\\/]react-dom-server)/.test(id);
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
/** Whether a source file loads zod, itself or through its relative imports (type-only imports are erased). */
const loadsZod = (() => {
  const known = new Map<string, boolean>();
  const check = (file: string): boolean => {
    const cached = known.get(file);
    if (cached !== undefined) return cached;
    known.set(file, false);
    const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1] ?? '',
    );
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

export default defineConfig({
  root: fs.realpathSync(new URL('.', import.meta.url)),
  plugins: [
    react(),
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
    // A screen's first load fetches a few files, not one per Mantine component and icon (issue 37 §1:
    // 95 files for a cold /orders before, 14 now). The shell's libraries are one 'vendor' file, kept across
    // screens and deployments (a second vendor file for the log-in form's Mantine parts only made /log-in
    // heavier); the rules and widgets most screens use are one 'shared' file; zod comes with the screens
    // whose forms or calls import the contracts; react-dom's server renderer, @mantine/dates, the charts
    // and the rich-text editor stay with their screens.
    rolldownOptions: {
      // Without this, a module the rules barrel re-exports counts as loaded by every importer of the barrel:
      // a cold /orders fetched luxon (19 KB) for the Dashboard's buckets and every area's contracts.
      treeshake: { moduleSideEffects: (id: string) => !DOMAIN_SOURCES.test(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 5 },
            { name: 'vendor', test: isShellLibrary, priority: 4 },
            { name: 'shared', test: isSharedCode, priority: 3 },
          ],
        },
      },
    },
  },
});
