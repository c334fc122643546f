/**
 * A TCP proxy in front of a real server (Redis), which a test can cut: it closes every connection
 * and stops listening, so the client sees the server go away mid-run, without stopping the server
 * that other tests share.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** `redis://127.0.0.1:<port>`-style address of the proxy with the target's scheme. */
  url: string;
  cut(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
