import fs from 'node:fs';
import { build } from 'esbuild';
import { defineConfig } from 'tsup';
import { CLIENT_BUILD_OPTIONS, CLIENT_FILE } from './src/runtime/client-bundle.ts';

export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  // Workspace packages are TypeScript source: bundle them; npm packages stay external when this
  // package.json lists them. A workspace package's npm dependency that the server loads must be listed
  // here too (mjml: bundled, its dynamic requires of fs failed at start).
  noExternal: [/^@funnelwork\//],
  async onSuccess() {
    fs.copyFileSync('src/db/pglite-worker.js', 'dist/pglite-worker.js');
    fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
    fs.cpSync('../../packages/blocks/assets/template-images', 'dist/template-images', { recursive: true });
    // The published pages' script, one minified file (served at /_fw/runtime.js).
    await build({
      ...CLIENT_BUILD_OPTIONS,
      entryPoints: ['src/runtime/client/index.ts'],
      outfile: `dist/${CLIENT_FILE}`,
    });
  },
});
