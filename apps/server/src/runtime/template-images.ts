// The drawings of the built-in templates (packages/blocks/assets/template-images, CC0), served on every
// origin at `/_fw/template-images/…` so a page made from a template shows them in the editor, the preview
// and the published page alike, from Funnelwork itself.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

let images: Map<string, Buffer> | undefined;

/** The built server's copy (tsup.config.ts), else the blocks package's folder. */
function folder(): string {
  const built = path.join(path.dirname(new URL(import.meta.url).pathname), 'template-images');
  if (fs.existsSync(built)) return built;
  return path.resolve(path.dirname(require.resolve('@funnelwork/blocks')), '../assets/template-images');
}

function load(): Map<string, Buffer> {
  const root = folder();
  const files = fs.readdirSync(root).filter((name) => /^[a-z0-9-]+\.svg$/.test(name));
  return new Map(files.map((name) => [name, fs.readFileSync(path.join(root, name))]));
}

/** A template image by file name (`book.svg`), or undefined. */
export function templateImage(name: string): Buffer | undefined {
  images ??= load();
  return images.get(name);
}
