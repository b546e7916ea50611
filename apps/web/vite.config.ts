import fs from 'node:fs';
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
    // 95 files for a cold /orders before). The shell's libraries are one 'vendor' file, kept across
    // screens and deployments (/log-in's first load grows from 191 to 303 KB: the log-in form's Mantine
    // parts are lazily loaded, so a second vendor file for them only made /log-in heavier); the form
    // screens share zod; @mantine/dates, the charts and the rich-text editor stay with their screens.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: SHELL_LIBRARIES, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
