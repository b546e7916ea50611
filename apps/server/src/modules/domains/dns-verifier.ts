import { Resolver } from 'node:dns/promises';

/** Reads TXT records; one interface so the domain service does not care how DNS is reached. */
export type TxtLookup = (name: string) => Promise<string[][]>;

/**
 * TXT lookups through `node:dns/promises` with the configured servers (the system's when none):
 * one try, a short timeout, so a verify call answers within a few seconds.
 */
export function createTxtLookup({
  servers,
  timeoutMs = 3000,
}: {
  servers: string[];
  timeoutMs?: number;
}): TxtLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length > 0) resolver.setServers(servers);
  return (name) => resolver.resolveTxt(name);
}
