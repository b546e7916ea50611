import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const rootPackage: { version?: string } = JSON.parse(
  fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
);
/** The build's version, compared with the dashboard_version cookie for the hard-refresh notice. */
const version = process.env.APP_VERSION ?? rootPackage.version ?? '0.1.0';

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
    // The form screens share zod (the domain's contracts); one named chunk, loaded with the first form.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod/ }] } },
    },
  },
});
