/**
 * A fake trust service provider on 127.0.0.1 speaking the Cloud Signature Consortium API v2 as a
 * remote signing service does: JSON POSTs under `/csc/v2/`, bearer auth on everything but `info`,
 * one RSA credential with explicit authorisation data (`signer_name`, `birth_date` of the people
 * it knows), activation data (SAD) for one signature from `credentials/authorize`, and
 * `signatures/signHash` signing raw SHA-256 hashes with PKCS#1 v1.5. Errors answer as CSC does:
 * a 4xx status and `{"error", "error_description"}`. `refuse` makes it refuse what the test says.
 */
import { KeyObject, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RSA_SIGN_ALGO, signSha256Digest } from '../../src/adapters/trust-service/rsa-digest.js';
import { generateSelfSignedSealingKey } from '../../src/core/key-material/sealing-key.js';
import { SHA256_OID } from '../../src/ports/trust-service.js';

export interface CscCall {
  method: string;
  authorization: string | undefined;
  body: Record<string, any>;
}

export interface FakeCscServer {
  url: string;
  token: string;
  credentialId: string;
  /** The credential's certificate, base64 DER. */
  certificate: string;
  /** People it identifies: `name|birth_date`. */
  people: Set<string>;
  /** Methods answered with a CSC error instead. */
  refuse: Set<string>;
  calls: CscCall[];
  close(): Promise<void>;
}

type Answer = { status: number; body: object };
const error = (status: number, code: string, description: string): Answer => ({ status, body: { error: code, error_description: description } });

export async function startFakeCscServer(): Promise<FakeCscServer> {
  const { key } = await generateSelfSignedSealingKey('Fake QTSP signer', new Date());
  const privateKey = KeyObject.from(key.privateKey);
  const token = randomBytes(16).toString('hex');
  const credentialId = 'cred-fake-0001';
  const certificate = Buffer.from(key.certificateDer).toString('base64');
  const people = new Set<string>();
  const refuse = new Set<string>();
  const calls: CscCall[] = [];
  /** Unused SADs and the credential each authorises. */
  const sads = new Map<string, string>();

  const handlers: Record<string, (body: Record<string, any>) => Answer> = {
    info: () => ({
      status: 200,
      body: { specs: '2.0.0.2', name: 'Fake QTSP', logo: '', region: 'NL', lang: 'en-US', description: 'A fake remote signing service', authType: ['external'], methods: ['credentials/info', 'credentials/authorize', 'signatures/signHash'] },
    }),
    'credentials/authorize': (b) => {
      if (b.credentialID !== credentialId) return error(400, 'invalid_request', 'Invalid parameter credentialID');
      if (b.numSignatures !== 1) return error(400, 'invalid_request', 'Invalid parameter numSignatures');
      const data = Object.fromEntries(((b.authData ?? []) as { id: string; value: string }[]).map((o) => [o.id, o.value]));
      if (!people.has(`${data.signer_name}|${data.birth_date}`)) return error(400, 'invalid_request', 'Invalid authData: the signer could not be identified');
      const sad = randomBytes(24).toString('base64url');
      sads.set(sad, credentialId);
      return { status: 200, body: { SAD: sad, expiresIn: 3600 } };
    },
    'credentials/info': (b) => {
      if (b.credentialID !== credentialId) return error(400, 'invalid_request', 'Invalid parameter credentialID');
      return {
        status: 200,
        body: {
          key: { status: 'enabled', algo: [RSA_SIGN_ALGO], len: 2048 },
          cert: { status: 'valid', certificates: b.certificates === 'none' ? [] : [certificate] },
          auth: { mode: 'explicit', objects: [{ type: 'Password', id: 'signer_name' }, { type: 'Password', id: 'birth_date' }] },
          multisign: 1,
        },
      };
    },
    'signatures/signHash': (b) => {
      if (b.credentialID !== credentialId) return error(400, 'invalid_request', 'Invalid parameter credentialID');
      if (typeof b.SAD !== 'string' || sads.get(b.SAD) !== credentialId) return error(400, 'invalid_request', 'Invalid parameter SAD');
      if (b.hashAlgorithmOID !== SHA256_OID || b.signAlgo !== RSA_SIGN_ALGO) return error(400, 'invalid_request', 'Invalid parameter signAlgo or hashAlgorithmOID');
      const hashes = (b.hashes ?? []) as string[];
      if (!Array.isArray(hashes) || hashes.length !== 1 || hashes.some((h) => Buffer.from(h, 'base64').length !== 32)) return error(400, 'invalid_request', 'Invalid parameter hashes');
      sads.delete(b.SAD);
      return { status: 200, body: { signatures: hashes.map((h) => signSha256Digest(privateKey, Buffer.from(h, 'base64')).toString('base64')) } };
    },
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = (req.url ?? '').replace(/^\/csc\/v2\//, '');
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = {};
      }
      calls.push({ method, authorization: req.headers.authorization, body });
      const handler = req.url?.startsWith('/csc/v2/') ? handlers[method] : undefined;
      let answer: Answer;
      if (!handler || req.method !== 'POST') answer = error(404, 'invalid_request', 'Unknown method');
      else if (!/^application\/json/.test(req.headers['content-type'] ?? '')) answer = error(400, 'invalid_request', 'Content-Type must be application/json');
      else if (method !== 'info' && req.headers.authorization !== `Bearer ${token}`) answer = error(401, 'invalid_token', 'The access token is not valid');
      else if (refuse.has(method)) answer = error(400, 'invalid_request', `${method} refused`);
      else answer = handler(body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    credentialId,
    certificate,
    people,
    refuse,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
