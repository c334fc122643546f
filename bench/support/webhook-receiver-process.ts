/**
 * A minimal webhook receiver for the delivery benchmark, run as its own process (forked with an IPC
 * channel) so its CPU does not compete with the sender's event loop: a node:http server on
 * 127.0.0.1 that reads each request's body and answers 200 with a short body. It sends
 * `{ port }` once listening, answers `{ received, cpuUs }` (its CPU time so far) to a `'count'` message, and exits on `'exit'`
 * or when the parent goes away.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let received = 0;
const server = createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    received++;
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
// The benchmark gone (finished or crashed): so is its receiver.
process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  if (message === 'count') {
    const cpu = process.cpuUsage();
    process.send!({ received, cpuUs: cpu.user + cpu.system });
  }
  if (message === 'exit') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
