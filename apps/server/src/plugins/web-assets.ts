/**
 * The dashboard's built files: Vite names everything under `assets/` after its content's hash
 * (`index-B9r-t7oU.js`), so such a file never changes under its name; `index.html`, the e-mail
 * assets and template pictures keep their names across builds.
 */
export function isHashedAsset(relativePath: string): boolean {
  return /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9.]+$/.test(relativePath.split(/[\\/]/).join('/'));
}
