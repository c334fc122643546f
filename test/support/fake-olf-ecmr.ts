/**
 * A fake Open Logistics Foundation eCMR backend, faithful to its openapi.yaml (`eCMR - API` v0.1)
 * for the operations the adapter uses, under the `/api` root its servers entry names:
 * `POST /api/ecmr?groupId=…` takes an `EcmrModel` (`ecmrConsignment` required; the schema's
 * length and pattern limits checked where the adapter fills them) and answers it with a new
 * `ecmrId` (UUID), `ecmrStatus: NEW`, `createdAt` and `createdBy`; `GET /api/ecmr/{ecmrId}` answers
 * the stored model or 404. Without the bearer token it was given: 401. `script` makes the next
 * requests fail on purpose: `down` (503), `refuse` (400), `hang` (no answer until closed).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFailure = 'down' | 'refuse' | 'hang';

export interface StoredEcmr {
  ecmrId: string;
  groupId: string;
  ecmrStatus: string;
  ecmrConsignment: Record<string, any>;
  createdAt: string;
  createdBy: string;
}

export interface FakeOlfEcmr {
  /** The API root, as PROVIDER_OLF_ECMR_BASE_URL takes it. */
  url: string;
  token: string;
  notes: StoredEcmr[];
  /** Every request seen: method, path with query, Authorization header. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  script: FakeFailure[];
  close(): Promise<void>;
}

/** Limits of the EcmrModel schema (openapi.yaml) on fields the adapter fills; a breach is a 400 as the backend's validation gives. */
function schemaProblems(model: any): string[] {
  const c = model?.ecmrConsignment;
  if (typeof c !== 'object' || c === null) return ['ecmrConsignment is required'];
  const problems: string[] = [];
  const max = (value: unknown, n: number, name: string) => typeof value === 'string' && (value.length > n || value.length < 1) && problems.push(`${name} length`);
  for (const p of ['sender', 'consignee', 'carrier'] as const) {
    const info = c[`${p}Information`];
    if (!info) continue;
    max(info[`${p}NamePerson`], 60, `${p}NamePerson`);
    max(info[`${p}City`], 60, `${p}City`);
    max(info[`${p}Postcode`], 17, `${p}Postcode`);
    const country = info[`${p}CountryCode`]?.value;
    if (country !== undefined && !/^[A-Z]{2}$/.test(country)) problems.push(`${p}CountryCode pattern`);
  }
  max(c.referenceIdentificationNumber?.value, 35, 'referenceIdentificationNumber');
  max(c.carrierInformation?.carrierLicensePlate, 30, 'carrierLicensePlate');
  if (c.itemList !== undefined && !Array.isArray(c.itemList)) problems.push('itemList must be an array');
  return problems;
}

export async function startFakeOlfEcmr(token = 'olf-access-token-for-tests'): Promise<FakeOlfEcmr> {
  const fake: Omit<FakeOlfEcmr, 'url' | 'close'> = { token, notes: [], requests: [], script: [] };
  const hanging: ServerResponse[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://olf');
    fake.requests.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization });
    const failure = fake.script.shift();
    if (failure === 'hang') return void hanging.push(res);
    if (failure === 'down') return void res.writeHead(503).end('Service Unavailable');
    if (failure === 'refuse') return void json(res, 400, { message: 'Bad request' });
    if (req.headers.authorization !== `Bearer ${fake.token}`) return void res.writeHead(401).end();
    if (req.method === 'POST' && url.pathname === '/api/ecmr') {
      const groupId = url.searchParams.get('groupId');
      if (!groupId || !/^\d+$/.test(groupId)) return void json(res, 400, { message: 'groupId is required' });
      let model: any;
      try {
        model = JSON.parse(body);
      } catch {
        return void json(res, 400, { message: 'malformed JSON' });
      }
      const problems = schemaProblems(model);
      if (problems.length > 0) return void json(res, 400, { message: problems.join('; ') });
      const note: StoredEcmr = { ecmrId: randomUUID(), groupId, ecmrStatus: 'NEW', ecmrConsignment: model.ecmrConsignment, createdAt: new Date().toISOString(), createdBy: 'integration' };
      fake.notes.push(note);
      return void json(res, 200, note);
    }
    const one = /^\/api\/ecmr\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const note = fake.notes.find((n) => n.ecmrId === one[1]);
      return void (note ? json(res, 200, note) : json(res, 404, { message: 'eCMR not found' }));
    }
    res.writeHead(404).end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    async close() {
      for (const res of hanging.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
