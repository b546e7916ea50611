// Before the first test: the server answers /api/health as soon as it listens, while its first
// seconds go to the job queue's start-up work on the embedded database (the demo seed's backlog);
// a request that reads the database waits behind it. Tests start once the demo can sign in, so
// their own waits measure the product, not the boot (docs/decisions/codebase-and-ci.md, "Tests").
const port = Number(process.env.E2E_PORT ?? 3210);

export default async function globalSetup() {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const answer = await fetch(`http://localhost:${port}/api/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'demo@funnelwork.test',
        password: 'demo12345',
      }).toString(),
      signal: AbortSignal.timeout(60_000),
    }).catch(() => null);
    if (answer?.ok) return;
    if (Date.now() > deadline) throw new Error('the e2e server did not sign the demo in within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
