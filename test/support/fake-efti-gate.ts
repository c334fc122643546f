/**
 * A fake eFTI gate, faithful to the EFTI4EU gate's platform API (gate-api-for-platform.yaml) over
 * mutual TLS: it serves a certificate of the test CA, demands a client certificate of that CA, and
 * knows the platform by its CN. `GET /v0/whoami` answers the XML whoamiResponse; `PUT
 * /v0/consignments/{datasetId}` takes application/xml, is validated against
 * consignment-identifier.xsd with `xmllint --schema`, recorded, and answered with the next
 * scripted status (200 when none). The same server answers under `/test` as the sandbox gate.
 * As the gate it also calls the platform listener (platform-api-for-gate.yaml) with its client
 * certificate, or with another one to see it refused.
 */
import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { CertPair, EftiCerts } from './efti-certs.js';

export const IDENTIFIER_XSD = new URL('../../schemas/efti4eu/xsd/consignment-identifier.xsd', import.meta.url).pathname;
export const COMMON_XSD = new URL('../../schemas/efti4eu/xsd/consignment-common.xsd', import.meta.url).pathname;

export interface ReceivedPut {
  /** `live` for the gate's own path, `test` for the sandbox gate under /test. */
  gate: 'live' | 'test';
  datasetId: string;
  contentType: string | undefined;
  clientCn: string | undefined;
  body: string;
  /** xmllint's verdict against consignment-identifier.xsd, and its complaint when not valid. */
  valid: boolean;
  xmllint: string;
}

/** Validates an XML document with `xmllint --noout --schema` (off the event loop). */
export function xmllint(xml: string, xsd: string): Promise<{ valid: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = execFile('xmllint', ['--noout', '--schema', xsd, '-'], (error, _stdout, stderr) => resolve({ valid: !error, output: stderr }));
    child.stdin!.end(xml);
  });
}

export interface FakeGate {
  url: string;
  testUrl: string;
  puts: ReceivedPut[];
  /** Statuses the next PUTs answer, in order (then 200). */
  script: number[];
  /** The appId whoami answers; the client certificate's CN unless set. */
  whoamiAppId?: string;
  close(): Promise<void>;
}

/** `serverCert`: the certificate the gate serves (the gate CA's by default; another CA's for an impostor). */
export async function startFakeGate(certs: EftiCerts, serverCert: CertPair = certs.gateServer): Promise<FakeGate> {
  const gate: Omit<FakeGate, 'url' | 'testUrl' | 'close'> = { puts: [], script: [] };
  const server: Server = createServer({ key: serverCert.key, cert: serverCert.cert, ca: certs.ca.cert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const clientCn = [(req.socket as TLSSocket).getPeerCertificate().subject?.CN].flat()[0];
      const url = new URL(req.url ?? '/', 'https://gate');
      const which = url.pathname.startsWith('/test/') ? 'test' : 'live';
      const path = which === 'test' ? url.pathname.slice('/test'.length) : url.pathname;
      if (req.method === 'GET' && path === '/v0/whoami') {
        res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><whoamiResponse><appId>${gate.whoamiAppId ?? clientCn}</appId><role>PLATFORM</role></whoamiResponse>`);
        return;
      }
      const put = /^\/v0\/consignments\/([^/]+)$/.exec(path);
      if (req.method === 'PUT' && put) {
        const body = Buffer.concat(chunks).toString('utf8');
        void xmllint(body, IDENTIFIER_XSD).then(({ valid, output }) => {
          gate.puts.push({ gate: which, datasetId: decodeURIComponent(put[1]!), contentType: req.headers['content-type'], clientCn, body, valid, xmllint: output });
          const status = gate.script.shift() ?? (valid && req.headers['content-type']?.startsWith('application/xml') ? 200 : 400);
          res.writeHead(status).end();
        });
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(gate, {
    url: base,
    testUrl: `${base}/test`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

export interface ListenerAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** A request to the platform listener as a gate would make it: mutual TLS with `client` (none: no certificate), trusting the test CA. */
export function callListener(port: number, certs: EftiCerts, options: { method: 'GET' | 'POST'; path: string; client?: CertPair; body?: string; contentType?: string }): Promise<ListenerAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = options.body === undefined ? {} : { 'content-type': options.contentType ?? 'text/plain; charset=utf-8' };
    const req = request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers, ca: certs.ca.cert, servername: 'localhost', agent: false, ...(options.client ? { cert: options.client.cert, key: options.client.key } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
