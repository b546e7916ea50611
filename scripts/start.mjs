// `npm start`: install what is missing, build the web app and the server when their sources changed,
// then serve both on one port.
import { spawn } from 'node:child_process';
import { buildIsCurrent, writeBuildStamp } from './build-stamp.mjs';
import { ensureInstall, run } from './ensure-install.mjs';

ensureInstall();
if (buildIsCurrent()) {
  console.log('The build is up to date with the sources: not rebuilding.');
} else {
  for (const workspace of ['@funnelwork/web', '@funnelwork/server']) {
    const status = run('npm', ['run', 'build', '--silent', '-w', workspace]);
    if (status !== 0) process.exit(status);
  }
  writeBuildStamp();
}
const server = spawn(process.execPath, ['apps/server/dist/server.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
