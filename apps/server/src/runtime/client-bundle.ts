import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export type ClientBundle = { code: string; hash: string; gzipBytes: number; url: string };

/** One build's options: the server's build (tsup) writes the same file next to server.js. */
export const CLIENT_BUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  platform: 'browser',
  legalComments: 'none',
} as const;

export const CLIENT_FILE = 'runtime-client.js';

function bundleOf(code: string): ClientBundle {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  return { code, hash, gzipBytes: gzipSync(code).length, url: `/_fw/runtime.js?v=${hash}` };
}

/**
 * The published pages' script: the built file next to the server bundle, else built from
 * client/index.ts with esbuild (development and tests run the TypeScript sources).
 */
export async function loadClientBundle(): Promise<ClientBundle> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, CLIENT_FILE);
  if (fs.existsSync(built)) return bundleOf(fs.readFileSync(built, 'utf8'));
  const { build } = await import('esbuild');
  const result = await build({
    ...CLIENT_BUILD_OPTIONS,
    entryPoints: [path.join(here, 'client', 'index.ts')],
    write: false,
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error('the page runtime script did not build');
  return bundleOf(code);
}
