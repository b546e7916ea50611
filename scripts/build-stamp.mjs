// `npm start` builds only when its inputs changed: a SHA-256 over every file of the web app, the server,
// the packages (outside node_modules and build output) and the lockfile, kept beside the server's build.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the two builds read: the workspaces' files and the root's lockfile and TypeScript settings. */
const INPUT_DIRS = ['apps/web', 'apps/server', 'packages'];
const INPUT_FILES = ['package-lock.json', 'package.json', 'tsconfig.json', 'tsconfig.base.json'];
/** Never inputs: dependencies, build output, test output. */
const SKIP = new Set(['node_modules', 'dist', 'test-results', '.turbo', 'coverage']);
/** The stamp and the outputs it vouches for. */
export const STAMP = 'apps/server/dist/.build-stamp';
const OUTPUTS = ['apps/server/dist/server.js', 'apps/web/dist/index.html'];

function walk(dir, files) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (entry.isFile()) files.push(full);
  }
}

/** The hash of the builds' inputs under `root`: each file's path and content, in a stable order. */
export function buildInputHash(root = '.') {
  const files = [];
  for (const dir of INPUT_DIRS) walk(path.join(root, dir), files);
  for (const file of INPUT_FILES) if (fs.existsSync(path.join(root, file))) files.push(path.join(root, file));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when the outputs exist and were built from the inputs as they are now. */
export function buildIsCurrent(root = '.') {
  if (!OUTPUTS.every((file) => fs.existsSync(path.join(root, file)))) return false;
  const stamp = path.join(root, STAMP);
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === buildInputHash(root);
}

/** After a successful build: records the inputs it was built from. */
export function writeBuildStamp(root = '.') {
  fs.writeFileSync(path.join(root, STAMP), `${buildInputHash(root)}\n`);
}
