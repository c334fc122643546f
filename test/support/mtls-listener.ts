/**
 * A stand-in for the platform listener (EFTI_PLATFORM_PORT): HTTPS that asks every client for a
 * certificate and lets the handshake finish without one, answering its own errors in XML as the
 * gate's listener does, with the federated routes plugin over a test app's runtime; and a client that calls it with or without a client certificate, one TLS
 * connection per request (no agent), so each call presents exactly the certificate it was given.
 */
import { request } from 'node:https';
import Fastify from 'fastify';
import type { AppRuntime } from '../../src/app-runtime.js';
import { federatedRoutes } from '../../src/modules/federated/federated.routes.js';
import type { MadeCertificate } from './openssl.js';

export interface MtlsAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): any;
}

export interface MtlsListener {
  url: string;
  get(path: string, client?: MadeCertificate): Promise<MtlsAnswer>;
  close(): Promise<void>;
}

export async function mtlsListener(runtime: AppRuntime, server: MadeCertificate): Promise<MtlsListener> {
  const app = Fastify({ https: { key: server.keyPem, cert: server.certificatePem, requestCert: true, rejectUnauthorized: false }, logger: false });
  // As the gate's listener will: its own errors are problem+xml. The federated plugin must answer JSON regardless.
  app.setErrorHandler((_error, _request, reply) => reply.status(500).type('application/problem+xml').send('<problem/>'));
  await federatedRoutes(app, runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `https://127.0.0.1:${port}`;
  return {
    url,
    get: (path, client) =>
      new Promise((resolve, reject) => {
        const req = request(`${url}${path}`, { method: 'GET', agent: false, ca: server.certificatePem, ...(client ? { key: client.keyPem, cert: client.certificatePem } : {}) }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
          });
        });
        req.on('error', reject);
        req.end();
      }),
    close: () => app.close(),
  };
}
