// A local SMTP peer for the benchmarks in a process of its own, as a real mail server is: it accepts every
// message, reads it to the end, and reports its port and then its count to the parent. Started with
// `--record`, it also reports each message's recipients, subject and arrival time (ms since the epoch).
import { SMTPServer } from 'smtp-server';

const record = process.argv.includes('--record');
let received = 0;
let messages = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 200,
  closeTimeout: 100,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (record && head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      received++;
      if (record) {
        const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '';
        const at = Date.now();
        for (const to of session.envelope.rcptTo) messages.push({ to: to.address, subject, at });
      }
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.server.address().port });
});
const report = setInterval(() => {
  process.send?.({ received, messages });
  messages = [];
}, 50);
process.on('message', (message) => {
  if (message === 'close') {
    clearInterval(report);
    process.send?.({ received, messages }, () => server.close(() => process.exit(0)));
  }
});
