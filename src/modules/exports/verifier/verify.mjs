#!/usr/bin/env node
/**
 * verify.mjs — checks a GDPR export of the freight document service offline, trusting nothing but
 * this file (read it: it is short, and needs only Node.js 18 or later, no packages).
 *
 *   node verify.mjs export.zip        checks the zip itself
 *   node verify.mjs some/folder       checks an unzipped export (unzip -d some/folder export.zip)
 *   node verify.mjs                   checks the folder this file is in
 *   node verify.mjs export.zip --checkpoints held.json [--certificate seal.pem]
 *                                     also checks the chains against the checkpoints you hold (a
 *                                     JSON array, a page of GET /v1/audit-log/checkpoints, or JSON
 *                                     lines; checkpoints or the audit.checkpoint_created webhook
 *                                     bodies that carry them), with the seal certificate you keep
 *
 * What it checks:
 *   1. every file listed in manifest.json has the SHA-256 and size the manifest gives, and the
 *      export holds no file the manifest does not list;
 *   2. each shipment's event chain: every event's data_sha256 is the SHA-256 of its canonical
 *      data (unless the event's personal data was erased: erased_at set), every hash is
 *      SHA-256(previous hash \n seq \n type \n created_at \n data_sha256), seqs run from 1 without
 *      gaps, and the last hash and seq are the head the shipment keeps;
 *   3. each stored document: its bytes have the SHA-256 documents.jsonl gives, the event that
 *      caused it is in its shipment's chain, and every event and signature that names the
 *      document names that same SHA-256;
 *   4. each sealed PDF (consignment notes, proofs of delivery): its seal covers the whole file,
 *      the seal's message digest is the SHA-256 of the signed bytes, the signature verifies with
 *      the certificate it carries, and that certificate's SHA-256 fingerprint is the one the
 *      manifest pins for the file and one of manifest.seal_certificates;
 *   5. the audit log's hash chain (audit-log.jsonl), as the service's audit chain rule says;
 *   6. every signed checkpoint, in audit-checkpoints.jsonl and held (--checkpoints): its signature
 *      verifies with the seal certificate (--certificate, else manifest.checkpoint_key), it is of
 *      this export's organisation and mode, and the audit chain and each shipment chain still
 *      recompute, from their content, to the heads it sealed. A past rewritten and recomputed,
 *      even by the database's owner, fails here against the checkpoints you held before.
 *
 * Exit status 0 when everything verifies, 1 when something does not (each failure is printed as
 * a line starting with FAIL), 2 when the export cannot be read at all.
 *
 * This file is src/modules/exports/verifier/verify.mjs of the service, copied into every export.
 */
/* eslint-disable max-lines -- shipped alone in every export, so one file by design */
import { Buffer } from 'node:buffer';
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import { readFile as readLocalFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import process from 'node:process';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createInflateRaw } from 'node:zlib';

const GENESIS_HASH = '0'.repeat(64);
const SEALED_KINDS = new Set(['consignment_note', 'pod']);
const OID = { signedData: '1.2.840.113549.1.7.2', messageDigest: '1.2.840.113549.1.9.4' };

// ---------------------------------------------------------------- reading the export

/** The files of a zip, read with its central directory; entries are streamed, never read whole. */
async function openZip(path) {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position, length) => {
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, position);
      return buffer;
    };
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await read(size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) if (tail.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
    if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
    let entries = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      const locator = eocd - 20;
      if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) throw new Error('zip64 locator missing');
      const zip64 = await read(Number(tail.readBigUInt64LE(locator + 8)), 56);
      if (zip64.readUInt32LE(0) !== 0x06064b50) throw new Error('zip64 end of central directory missing');
      entries = Number(zip64.readBigUInt64LE(32));
      cdSize = Number(zip64.readBigUInt64LE(40));
      cdOffset = Number(zip64.readBigUInt64LE(48));
    }
    const cd = await read(cdOffset, cdSize);
    const files = new Map();
    for (let at = 0, n = 0; n < entries; n++) {
      if (cd.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt central directory');
      const method = cd.readUInt16LE(at + 10);
      let compressedSize = cd.readUInt32LE(at + 20);
      let uncompressedSize = cd.readUInt32LE(at + 24);
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      let offset = cd.readUInt32LE(at + 42);
      const name = cd.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      const extra = cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      for (let e = 0; e + 4 <= extra.length; ) {
        const id = extra.readUInt16LE(e);
        const length = extra.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let z = e + 4;
          if (uncompressedSize === 0xffffffff) { uncompressedSize = Number(extra.readBigUInt64LE(z)); z += 8; }
          if (compressedSize === 0xffffffff) { compressedSize = Number(extra.readBigUInt64LE(z)); z += 8; }
          if (offset === 0xffffffff) offset = Number(extra.readBigUInt64LE(z));
        }
        e += 4 + length;
      }
      if (!name.endsWith('/')) files.set(name, { method, compressedSize, uncompressedSize, offset });
      at += 46 + nameLength + extraLength + commentLength;
    }
    const dataStart = async (entry) => {
      const local = await read(entry.offset, 30);
      if (local.readUInt32LE(0) !== 0x04034b50) throw new Error('corrupt local file header');
      return entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    };
    return {
      names: () => [...files.keys()],
      has: (name) => files.has(name),
      async stream(name) {
        const entry = files.get(name);
        if (!entry) throw new Error(`${name} is not in the export`);
        const start = await dataStart(entry);
        if (entry.compressedSize === 0) return Readable.from([]);
        const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
        if (entry.method === 0) return raw;
        if (entry.method === 8) return raw.pipe(createInflateRaw());
        throw new Error(`${name}: unsupported compression method ${entry.method}`);
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The files of an unzipped export, by their paths relative to `root` with forward slashes. */
async function openFolder(root) {
  const files = new Set();
  const walk = async (dir) => {
    for (const item of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, item.name);
      if (item.isDirectory()) await walk(full);
      else files.add(relative(root, full).split(sep).join('/'));
    }
  };
  await walk(root);
  return {
    names: () => [...files],
    has: (name) => files.has(name),
    stream: async (name) => createReadStream(join(root, ...name.split('/'))),
    close: async () => {},
  };
}

async function readAll(source, name) {
  const chunks = [];
  for await (const chunk of await source.stream(name)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function digestOf(source, name) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await source.stream(name)) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function* jsonLines(source, name) {
  if (!source.has(name)) return;
  const lines = createInterface({ input: await source.stream(name), crlfDelay: Infinity });
  for await (const line of lines) if (line.length > 0) yield JSON.parse(line);
}

// ---------------------------------------------------------------- the hash chain

/** Canonical JSON: keys sorted, no whitespace; the service hashes `data` in exactly this form. */
export function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const parts = [];
  for (const key of Object.keys(value).sort()) {
    if (value[key] === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(value[key])}`);
  }
  return `{${parts.join(',')}}`;
}

const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');

export function chainHash(previous, seq, type, createdAt, dataDigest) {
  return sha256Hex(`${previous}\n${seq}\n${type}\n${new Date(createdAt).toISOString()}\n${dataDigest}`);
}

/** The audit chain's content digest: canonical JSON of what a row says beyond its action and time. */
export function auditDigest(row) {
  return sha256Hex(canonicalJson({ actor: row.actor, target: { type: row.target_type, id: row.target_id }, changes: row.changes, ip: row.ip, user_agent: row.user_agent }));
}

// ---------------------------------------------------------------- signed checkpoints

/**
 * Why `checkpoint` does not verify with the key, or null: its `signature` is a detached JWS
 * (header..signature) over the canonical JSON of its other fields, RS256 or ES256, whose header
 * names the certificate's SHA-256 as `kid`.
 */
export function checkpointSignatureProblem(checkpoint, key) {
  const { signature, ...content } = checkpoint;
  const parts = typeof signature === 'string' ? signature.split('.') : [];
  if (parts.length !== 3 || parts[1] !== '') return 'its signature is not a detached JWS';
  let header;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
  } catch {
    return 'its signature header is not JSON';
  }
  if (header.kid !== key.kid || !['RS256', 'ES256'].includes(header.alg)) return `it is not signed by the certificate ${key.kid}`;
  const input = Buffer.from(`${parts[0]}.${Buffer.from(canonicalJson(content)).toString('base64url')}`);
  let valid = false;
  try {
    valid = verifySignature('sha256', input, { key: key.publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2], 'base64url'));
  } catch {
    // A signature of the wrong length for the key: not a signature by it.
  }
  return valid ? null : `its signature does not verify with the certificate ${key.kid}`;
}

/** Checkpoints from a file you kept: an array, {data: [...]}, or JSON lines; each a checkpoint or a webhook body carrying one. */
export function parseHeldCheckpoints(text) {
  const trimmed = text.trim();
  let items;
  if (trimmed.startsWith('[')) items = JSON.parse(trimmed);
  else if (trimmed.startsWith('{') && !trimmed.includes('\n')) {
    const one = JSON.parse(trimmed);
    items = Array.isArray(one.data) ? one.data : [one];
  } else items = trimmed.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  return items.map((item) => (item && item.type === 'audit.checkpoint_created' && item.data ? item.data.checkpoint : item));
}

function keyOf(certificatePem) {
  const certificate = new X509Certificate(certificatePem);
  return { kid: sha256Hex(certificate.raw), publicKey: certificate.publicKey };
}

// ---------------------------------------------------------------- seals (PAdES) with a small DER reader

/** One DER element at `at`: its tag byte, where its content starts and ends. Definite lengths only. */
function der(buffer, at) {
  const tag = buffer[at];
  let length = buffer[at + 1];
  let start = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + buffer[start + i];
    start += bytes;
  }
  if (start + length > buffer.length) throw new Error('truncated DER');
  return { tag, at, start, end: start + length };
}

function children(buffer, element) {
  const out = [];
  for (let at = element.start; at < element.end; ) {
    const child = der(buffer, at);
    out.push(child);
    at = child.end;
  }
  return out;
}

function oidOf(buffer, element) {
  const bytes = buffer.subarray(element.start, element.end);
  const parts = [Math.floor(bytes[0] / 40), bytes[0] % 40];
  let value = 0;
  for (let i = 1; i < bytes.length; i++) {
    value = value * 128 + (bytes[i] & 0x7f);
    if (!(bytes[i] & 0x80)) { parts.push(value); value = 0; }
  }
  return parts.join('.');
}

/**
 * Checks the seal of a PDF: the last signature's /ByteRange covers the file but its /Contents, the
 * CMS's message digest is the SHA-256 of those bytes, and its signature over the signed
 * attributes verifies with the certificate it carries. Returns that certificate's SHA-256.
 */
export function checkSeal(pdf) {
  const at = pdf.lastIndexOf('/ByteRange');
  if (at < 0) throw new Error('no seal (/ByteRange) in the PDF');
  const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.subarray(at, at + 120).toString('latin1'));
  if (!match) throw new Error('unreadable /ByteRange');
  const [start, firstLength, secondStart, secondLength] = match.slice(1).map(Number);
  if (start !== 0 || secondStart + secondLength !== pdf.length || pdf[firstLength] !== 0x3c || pdf[secondStart - 1] !== 0x3e) {
    throw new Error('the seal does not cover the whole file');
  }
  const cms = Buffer.from(pdf.subarray(firstLength + 1, secondStart - 1).toString('latin1'), 'hex');
  const contentInfo = der(cms, 0);
  const [type, wrapped] = children(cms, contentInfo);
  if (oidOf(cms, type) !== OID.signedData) throw new Error('the seal is not CMS SignedData');
  const signedData = children(cms, children(cms, wrapped)[0]);
  const certificates = signedData.find((e) => e.tag === 0xa0);
  if (!certificates) throw new Error('the seal carries no certificate');
  const certificate = children(cms, certificates)[0];
  const certificateDer = cms.subarray(certificate.at, certificate.end);
  // SignedData ends with its signerInfos (RFC 5652, 5.1); the seal has one signer.
  const signerInfo = children(cms, children(cms, signedData[signedData.length - 1])[0]);
  const signedAttrs = signerInfo.find((e) => e.tag === 0xa0);
  if (!signedAttrs) throw new Error('the seal has no signed attributes');
  const signature = signerInfo[signerInfo.indexOf(signedAttrs) + 2];
  let messageDigest;
  for (const attribute of children(cms, signedAttrs)) {
    const [attrType, values] = children(cms, attribute);
    if (oidOf(cms, attrType) === OID.messageDigest) {
      const value = children(cms, values)[0];
      messageDigest = cms.subarray(value.start, value.end).toString('hex');
    }
  }
  const signedBytes = Buffer.concat([pdf.subarray(0, firstLength), pdf.subarray(secondStart)]);
  if (messageDigest !== sha256Hex(signedBytes)) throw new Error('the seal\'s message digest is not the SHA-256 of the file: the PDF changed after it was sealed');
  // The signature covers the signed attributes DER-encoded as a SET (RFC 5652, 5.4), not as [0].
  const attrsAsSet = Buffer.from(cms.subarray(signedAttrs.at, signedAttrs.end));
  attrsAsSet[0] = 0x31;
  const publicKey = new X509Certificate(certificateDer).publicKey;
  if (!verifySignature('sha256', attrsAsSet, publicKey, cms.subarray(signature.start, signature.end))) throw new Error('the seal\'s signature does not verify with its certificate');
  return sha256Hex(certificateDer);
}

// ---------------------------------------------------------------- the checks

/** The files of the export at `path`, a zip or a folder: `names()`, `has(name)`, `stream(name)`, `close()`. */
export async function openExport(path) {
  return (await stat(path)).isDirectory() ? openFolder(path) : openZip(path);
}

/** The whole of one file of an opened export. */
export const readFile = readAll;

/**
 * Checks the export at `path` (a zip or a folder); resolves with what failed and what was checked.
 * `options.held`: checkpoints you kept; `options.certificate`: the seal certificate (PEM) you trust.
 */
export async function verifyExport(path, options = {}) {
  const failures = [];
  const fail = (message) => failures.push(message);
  const checked = { files: 0, shipments: 0, events: 0, documents: 0, seals: 0, audit_rows: 0, checkpoints: 0 };
  const source = await openExport(path);
  try {
    if (!source.has('manifest.json')) throw new Error('manifest.json is missing');
    const manifest = JSON.parse((await readAll(source, 'manifest.json')).toString('utf8'));
    if (manifest.schema_version !== 1) throw new Error(`manifest schema_version ${manifest.schema_version} is not one this verifier knows (1)`);

    // 1. Files against the manifest.
    const listed = new Map(manifest.files.map((f) => [f.path, f]));
    const digests = new Map();
    for (const name of source.names()) {
      if (name !== 'manifest.json' && !listed.has(name)) fail(`${name}: in the export but not in manifest.json`);
    }
    for (const file of manifest.files) {
      if (!source.has(file.path)) {
        fail(`${file.path}: listed in manifest.json but missing`);
        continue;
      }
      const got = await digestOf(source, file.path);
      digests.set(file.path, got.sha256);
      checked.files += 1;
      if (got.sha256 !== file.sha256 || got.size !== file.size) fail(`${file.path}: SHA-256 ${got.sha256} (${got.size} bytes) is not the manifest's ${file.sha256} (${file.size} bytes)`);
    }

    // 6a. Checkpoints: signature and tenant now; the heads they sealed as the chains are read.
    const sealedShipments = new Map();
    const sealedAudit = [];
    const checkpoints = new Map();
    for await (const checkpoint of jsonLines(source, 'audit-checkpoints.jsonl')) checkpoints.set(canonicalJson(checkpoint), checkpoint);
    for (const checkpoint of options.held ?? []) checkpoints.set(canonicalJson(checkpoint), checkpoint);
    if (checkpoints.size > 0) {
      const certificate = options.certificate ?? manifest.checkpoint_key?.certificate;
      if (!certificate) throw new Error('no certificate to check the checkpoints with: the manifest has no checkpoint_key; pass --certificate');
      const key = keyOf(certificate);
      for (const checkpoint of checkpoints.values()) {
        checked.checkpoints += 1;
        const where = `checkpoint ${checkpoint.id}`;
        const problem = checkpointSignatureProblem(checkpoint, key);
        if (problem) fail(`${where}: ${problem}`);
        else if (checkpoint.organization_id !== manifest.organization_id || checkpoint.mode !== manifest.mode) fail(`${where}: it is a checkpoint of another organisation or mode`);
        else {
          sealedAudit.push({ id: checkpoint.id, ...checkpoint.audit_log });
          for (const s of checkpoint.shipments) {
            if (!sealedShipments.has(s.shipment_id)) sealedShipments.set(s.shipment_id, []);
            sealedShipments.get(s.shipment_id).push({ id: checkpoint.id, seq: s.seq, hash: s.hash });
          }
        }
      }
    }
    /** Compares the heads sealed in checkpoints with a chain's hashes recomputed from its content. */
    const compareSealed = (sealed, recomputed, floor, what) => {
      for (const head of sealed) {
        if (head.seq < floor) continue;
        const hash = recomputed.get(head.seq);
        if (hash === undefined) fail(`checkpoint ${head.id}: ${what} has no entry at seq ${head.seq}, but the checkpoint sealed one`);
        else if (hash !== head.hash) fail(`checkpoint ${head.id}: ${what} recomputes to hash ${hash} at seq ${head.seq}, but the checkpoint sealed ${head.hash} (its past was rewritten)`);
      }
    };

    // 2. Chains.
    const heads = new Map();
    for await (const shipment of jsonLines(source, 'shipments.jsonl')) heads.set(shipment.id, { seq: shipment.event_seq, hash: shipment.head_hash });
    const eventIds = new Map();
    const documentClaims = [];
    let current = null;
    const closeChain = () => {
      if (!current) return;
      compareSealed(sealedShipments.get(current.id) ?? [], current.recomputed, 0, `shipment ${current.id}'s chain`);
      sealedShipments.delete(current.id);
      const head = heads.get(current.id);
      if (!head) fail(`shipment ${current.id}: events of a shipment not in shipments.jsonl`);
      else if (!current.broken && (current.seq !== head.seq || current.previous !== head.hash)) {
        fail(`shipment ${current.id}: chain ends at seq ${current.seq} with hash ${current.previous}, but the shipment's head is seq ${head.seq} hash ${head.hash} (events missing or added)`);
      }
      checked.shipments += 1;
    };
    for await (const event of jsonLines(source, 'shipment-events.jsonl')) {
      if (!current || current.id !== event.shipment_id) {
        closeChain();
        // `recomputed`: each seq's hash from the events' content alone, for the sealed heads.
        current = { id: event.shipment_id, seq: 0, previous: GENESIS_HASH, broken: false, recomputed: new Map([[0, GENESIS_HASH]]), last: GENESIS_HASH };
        eventIds.set(event.shipment_id, new Set());
      }
      checked.events += 1;
      eventIds.get(event.shipment_id).add(event.event_id);
      const where = `shipment ${event.shipment_id} event seq ${event.seq} (${event.type})`;
      if (!current.broken) {
        const digest = event.erased_at ? event.data_sha256 : sha256Hex(canonicalJson(event.data));
        if (event.seq !== current.seq + 1) {
          fail(`${where}: expected seq ${current.seq + 1}`);
          current.broken = true;
        } else if (digest !== event.data_sha256) {
          fail(`${where}: data does not match its data_sha256 (the event's data was changed)`);
          current.broken = true;
        } else if (chainHash(current.previous, event.seq, event.type, event.created_at, digest) !== event.hash) {
          fail(`${where}: hash does not chain from the previous event (the event was changed)`);
          current.broken = true;
        }
      }
      current.last = chainHash(current.last, event.seq, event.type, event.created_at, event.erased_at ? event.data_sha256 : sha256Hex(canonicalJson(event.data)));
      current.recomputed.set(event.seq, current.last);
      current.seq = event.seq;
      current.previous = event.hash;
      if (event.data && typeof event.data.document_id === 'string' && typeof event.data.sha256 === 'string') {
        documentClaims.push({ id: event.data.document_id, sha256: event.data.sha256, by: where });
      }
    }
    closeChain();
    for (const [id, head] of heads) if (!eventIds.has(id) && head.seq > 0) fail(`shipment ${id}: its ${head.seq} events are missing`);
    for (const [id, sealed] of sealedShipments) compareSealed(sealed, new Map([[0, GENESIS_HASH]]), 0, `shipment ${id}'s chain`);

    // 5. The audit chain, from the first row kept (retention removes the oldest) to the last.
    const auditHashes = new Map();
    let auditFloor = 0;
    let auditPrevious = null;
    for await (const row of jsonLines(source, 'audit-log.jsonl')) {
      const seq = Number(row.seq);
      if (auditPrevious === null) {
        auditFloor = seq - 1;
        auditPrevious = row.prev_hash;
        auditHashes.set(auditFloor, auditPrevious);
      }
      checked.audit_rows += 1;
      const digest = auditDigest(row);
      const hash = chainHash(auditPrevious, seq, row.action, row.created_at, digest);
      if (digest !== row.data_sha256 || row.prev_hash !== auditPrevious || hash !== row.hash) fail(`audit row ${row.id} (seq ${seq}, ${row.action}): it does not chain (the row was changed)`);
      auditHashes.set(seq, hash);
      auditPrevious = hash;
    }
    if (auditPrevious === null) auditHashes.set(0, GENESIS_HASH);
    compareSealed(sealedAudit, auditHashes, auditFloor, 'the audit chain');

    // 3. Documents.
    const documents = new Map();
    for await (const document of jsonLines(source, 'documents.jsonl')) {
      documents.set(document.id, document);
      if (!document.path) continue;
      const where = `document ${document.id} (${document.path})`;
      if (!source.has(document.path)) {
        fail(`${where}: bytes missing from the export`);
        continue;
      }
      checked.documents += 1;
      const file = listed.get(document.path);
      const sha256 = digests.get(document.path) ?? (await digestOf(source, document.path)).sha256;
      if (sha256 !== document.sha256) fail(`${where}: SHA-256 of the bytes is ${sha256}, not the document's ${document.sha256}`);
      if (!eventIds.get(document.shipment_id)?.has(document.cause_event_id)) fail(`${where}: the event that made it (${document.cause_event_id}) is not in its shipment's chain`);
      // 4. Seals.
      if (SEALED_KINDS.has(document.kind) && document.content_type === 'application/pdf') {
        try {
          const fingerprint = checkSeal(await readAll(source, document.path));
          checked.seals += 1;
          if (!file || file.seal_certificate_sha256 !== fingerprint) fail(`${where}: sealed with certificate ${fingerprint}, not the one manifest.json pins for it (${file?.seal_certificate_sha256 ?? 'none'})`);
          else if (!(manifest.seal_certificates ?? []).some((c) => c.sha256 === fingerprint)) fail(`${where}: seal certificate ${fingerprint} is not in manifest.seal_certificates`);
        } catch (error) {
          fail(`${where}: seal does not verify: ${error.message}`);
        }
      }
    }
    for (const claim of documentClaims) {
      const document = documents.get(claim.id);
      if (document && document.sha256 !== claim.sha256) fail(`document ${claim.id}: ${claim.by} records SHA-256 ${claim.sha256}, the document has ${document.sha256}`);
    }
    for await (const signature of jsonLines(source, 'signatures.jsonl')) {
      if (signature.image_path && !source.has(signature.image_path)) fail(`signature ${signature.id}: its image ${signature.image_path} is missing`);
      const document = documents.get(signature.document_id);
      if (document && document.sha256 !== signature.document_sha256) fail(`signature ${signature.id}: signed SHA-256 ${signature.document_sha256}, but document ${signature.document_id} has ${document.sha256}`);
    }
  } finally {
    await source.close();
  }
  return { failures, checked };
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const heldFile = option('--checkpoints');
  const certificateFile = option('--certificate');
  const path = args[0] || dirname(fileURLToPath(import.meta.url));
  let result;
  try {
    const held = heldFile ? parseHeldCheckpoints(await readLocalFile(heldFile, 'utf8')) : [];
    const certificate = certificateFile ? await readLocalFile(certificateFile, 'utf8') : undefined;
    result = await verifyExport(path, { held, certificate });
  } catch (error) {
    process.stderr.write(`verify.mjs: cannot read the export at ${path}: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  const { failures, checked } = result;
  for (const failure of failures) process.stdout.write(`FAIL ${failure}\n`);
  const summary = `${checked.files} files, ${checked.shipments} shipment chains (${checked.events} events), ${checked.documents} documents, ${checked.seals} seals, ${checked.audit_rows} audit rows, ${checked.checkpoints} checkpoints checked`;
  if (failures.length > 0) {
    process.stdout.write(`NOT VERIFIED: ${failures.length} problem${failures.length === 1 ? '' : 's'}; ${summary}.\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`VERIFIED: ${summary}.\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
