/**
 * A test app listening on a real port of 127.0.0.1, with PUBLIC_BASE_URL set to that address, so
 * a browser can follow the links the service hands out (sign links, download URLs). The port is
 * chosen first (the base URL is configuration), then the app listens on it.
 */
import { createServer } from 'node:net';
import type { Backend } from './backends.js';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** A port of 127.0.0.1 that nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function listeningTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp(backend, { ...options, env: { PUBLIC_BASE_URL: baseUrl, ...options.env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}
