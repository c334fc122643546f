/**
 * Writes the zip of one export (docs/export.md): every file of records, then each stored document
 * as its original bytes, then manifest.json (counts and the SHA-256 of every file) and verify.mjs.
 * Reads by keyset pages and streams bytes straight from the object store into the zip and the
 * zip into the store, so memory stays flat however large the organisation (bench/export-memory).
 * Progress is recorded as the run's heartbeat; a run that was taken over stops at its next one.
 */
import { createHash } from 'node:crypto';
import type { Services } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { getCheckpointKey } from '../checkpoints/get-checkpoint-key.js';
import { sealCertificate } from '../documents/pades/verify-seal.js';
import { ExportArchive, type WrittenFile } from './export-archive.js';
import { buildManifest, type ManifestFile, type SealCertificate } from './export-manifest.js';
import { HEARTBEAT_MS, PAGE_ROWS } from './export-policy.js';
import { DOCUMENT_SOURCE, documentPath, documentTotals, exportedRecords, RECORD_SOURCES, signatureImagePath, SIGNATURE_SOURCE, type RecordSource, type Row, type Tenant } from './export-sources.js';
import type { ExportProgress } from './export-status.js';
import { NO_PROGRESS } from './export-status.js';
import { verifierSource } from './verifier-source.js';

/** Kinds of document the service seals (PAdES) when it renders them. */
const SEALED_KINDS = new Set(['consignment_note', 'pod']);

export class ExportTakenOver extends Error {
  override name = 'ExportTakenOver';
}

export interface ExportRun {
  exportId: string;
  tenant: Tenant;
  objectKey: string;
  /** Records progress as the run's heartbeat; resolves false once the run is no longer this one's. */
  heartbeat(progress: ExportProgress): Promise<boolean>;
}

async function* pages(db: Database, s: RecordSource, t: Tenant): AsyncGenerator<Row[]> {
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await s.page(db, t, after, PAGE_ROWS);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)!;
    after = s.keys.map((k) => last[k]);
  }
}

export async function writeExport(services: Services, run: ExportRun): Promise<{ progress: ExportProgress; size: number; sha256: string }> {
  const { db, clock } = services;
  const exportedAt = clock.now();
  const totals = await documentTotals(db, run.tenant);
  const progress: ExportProgress = { ...NO_PROGRESS, documents_total: totals.documents, bytes_total: totals.bytes };
  let reportedAt = 0;
  const beat = async (force = false) => {
    const now = clock.now().getTime();
    if (!force && now - reportedAt < HEARTBEAT_MS) return;
    reportedAt = now;
    if (!(await run.heartbeat({ ...progress }))) throw new ExportTakenOver(`export ${run.exportId} is being written by another run`);
  };

  const archive = new ExportArchive(services.objects, run.objectKey, exportedAt);
  const files: ManifestFile[] = [];
  const counts: Record<string, number> = {};
  const seals = new Map<string, SealCertificate>();
  const written = async (file: WrittenFile, extra: Partial<ManifestFile> = {}) => {
    files.push({ ...file, ...extra });
    progress.files += 1;
    await beat(true);
  };
  try {
    for (const s of [...RECORD_SOURCES, DOCUMENT_SOURCE]) {
      counts[s.name] = 0;
      const lines = async function* () {
        for await (const rows of pages(db, s, run.tenant)) {
          let text = '';
          for (const row of rows) {
            const records = exportedRecords(s, row);
            for (const record of records) text += `${JSON.stringify(record)}\n`;
            counts[s.name]! += records.length;
            progress.records += records.length;
          }
          yield Buffer.from(text);
          await beat();
        }
      };
      await written(await archive.add(s.file, lines(), { compress: true }), { records: counts[s.name] });
    }
    counts.documents_missing = 0;
    for await (const rows of pages(db, DOCUMENT_SOURCE, run.tenant)) {
      for (const row of rows) {
        if (row.deleted_at !== null) continue;
        const stored = await services.objects.getStream(String(row.object_key));
        if (!stored) {
          counts.documents_missing += 1;
          continue;
        }
        const path = documentPath(row);
        let extra: Partial<ManifestFile> = {};
        let file: WrittenFile;
        if (SEALED_KINDS.has(String(row.kind)) && row.content_type === 'application/pdf') {
          // Sealed PDFs are small (a few hundred KB): read whole, to pin the seal's certificate.
          const chunks: Buffer[] = [];
          for await (const chunk of stored.body) chunks.push(chunk as Buffer);
          const bytes = Buffer.concat(chunks);
          const certificate = sealCertificate(bytes);
          if (certificate) {
            const fingerprint = createHash('sha256').update(certificate).digest('hex');
            if (!seals.has(fingerprint)) seals.set(fingerprint, { sha256: fingerprint, pem: toPem(certificate) });
            extra = { seal_certificate_sha256: fingerprint };
          }
          file = await archive.add(path, bytes, { compress: false });
        } else {
          file = await archive.add(path, stored.body, { compress: false });
        }
        progress.documents += 1;
        progress.bytes += file.size;
        await written(file, extra);
      }
    }
    // Drawn signatures' images: personal data of the signers, kept beside the signatures.
    counts.signature_images = 0;
    counts.signature_images_missing = 0;
    for await (const rows of pages(db, SIGNATURE_SOURCE, run.tenant)) {
      for (const row of rows) {
        if (!row.image_object_key) continue;
        const stored = await services.objects.getStream(String(row.image_object_key));
        if (!stored) {
          counts.signature_images_missing += 1;
          continue;
        }
        await written(await archive.add(signatureImagePath(row), stored.body, { compress: false }));
        counts.signature_images += 1;
      }
    }
    const verifier = await verifierSource();
    const verifierFile = await archive.add('verify.mjs', verifier, { compress: true });
    files.push(verifierFile);
    const { alg, kid, certificate } = await getCheckpointKey(services);
    const manifest = buildManifest({ exportId: run.exportId, tenant: run.tenant, exportedAt, files, counts, sealCertificates: [...seals.values()], checkpointKey: { alg, kid, certificate } });
    await archive.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), { compress: true });
    progress.files += 2;
    const zip = await archive.finish();
    return { progress, ...zip };
  } catch (error) {
    archive.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

function toPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
