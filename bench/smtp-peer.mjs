// A local SMTP peer for bench/email-send.ts in a process of its own, as a real mail server is: it
// accepts every message, reads it to the end, and reports its port and then its count to the parent.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 100,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.server.address().port });
});
const report = setInterval(() => process.send?.({ received }), 50);
process.on('message', (message) => {
  if (message === 'close') {
    clearInterval(report);
    server.close(() => process.exit(0));
  }
});
