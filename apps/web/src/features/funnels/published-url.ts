/**
 * Where a funnel is published: its connected domain, else the account's subdomain of this host
 * (`{subdomain}.localhost:{port}` in development), then the funnel's path.
 */
export function publishedUrl(
  subdomain: string | null,
  funnel: { path: string; domain_name: string | null },
  location: { protocol: string; hostname: string; port: string } = window.location,
): string | null {
  if (funnel.domain_name) return `https://${funnel.domain_name}/${funnel.path}`;
  if (!subdomain) return null;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${subdomain}.${location.hostname}${port}/${funnel.path}`;
}
