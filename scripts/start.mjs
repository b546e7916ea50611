// `npm start`: install what is missing, build the web app and the server, then serve both on one port.
import { spawn } from 'node:child_process';
import { ensureInstall, run } from './ensure-install.mjs';

ensureInstall();
for (const workspace of ['@funnelwork/web', '@funnelwork/server']) {
  const status = run('npm', ['run', 'build', '--silent', '-w', workspace]);
  if (status !== 0) process.exit(status);
}
const server = spawn(process.execPath, ['apps/server/dist/server.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
