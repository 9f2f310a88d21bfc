// A process of bench/stalled-connections.ts: opens `count` connections to 127.0.0.1:`port` from the
// loopback addresses `first` … `first + addresses - 1` (127.30.x.y), each sending a sign-in's head and
// the start of its JSON body, then nothing; keeps them open until killed. Prints one JSON line of
// counts a second: opened, answered 503, closed by the server, still open.
import { connect } from 'node:net';

const [port, count, first, addresses] = process.argv.slice(2).map(Number);
const counts = { opened: 0, answered503: 0, closed: 0, open: 0, failed: 0, done: false };
const sockets = [];

function one(i) {
  return new Promise((resolve) => {
    const a = first + (i % addresses);
    const socket = connect({ port, host: '127.0.0.1', localAddress: `127.30.${Math.floor(a / 250)}.${(a % 250) + 1}` });
    sockets.push(socket);
    let connected = false;
    // a connection the server's backlog dropped is retried by the kernel for minutes: given up after 10 s
    const giveUp = setTimeout(() => {
      if (!connected) socket.destroy();
    }, 10_000);
    socket.once('close', () => clearTimeout(giveUp));
    socket.on('error', () => resolve());
    socket.on('data', (d) => {
      if (d.toString('latin1').startsWith('HTTP/1.1 503')) counts.answered503 += 1;
    });
    socket.on('close', () => {
      if (!connected) counts.failed += 1;
      if (connected) {
        counts.closed += 1;
        counts.open -= 1;
      }
      resolve();
    });
    socket.once('connect', () => {
      connected = true;
      counts.opened += 1;
      counts.open += 1;
      socket.write(`POST /api/auth/local/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"`);
      resolve();
    });
  });
}

const report = setInterval(() => process.stdout.write(`${JSON.stringify(counts)}\n`), 1000);
for (let i = 0; i < count; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, count - i) }, (_, k) => one(i + k)));
}
counts.done = true;
process.stdout.write(`${JSON.stringify(counts)}\n`);
process.on('SIGTERM', () => {
  clearInterval(report);
  for (const s of sockets) s.destroy();
  process.exit(0);
});
