/**
 * Debian's Chromium (never a downloaded browser) and the flags every launch here needs: without the
 * background-networking ones Chromium floods this machine's closed network with refused connections.
 * Shared by the browser tests, the benchmarks and the template thumbnails script.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
