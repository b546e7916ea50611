import fs from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  // Workspace packages are TypeScript source: bundle them; everything from npm stays external.
  noExternal: [/^@funnelwork\//],
  async onSuccess() {
    fs.copyFileSync('src/db/pglite-worker.js', 'dist/pglite-worker.js');
    fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
