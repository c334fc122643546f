/**
 * An export on S3 as the object store (s3rver, over the S3 protocol): the documents are read as
 * streams from the bucket and the zip, larger than one part, is written back as a multipart
 * upload; the signed link streams it out, and verify.mjs passes on what it downloaded.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VERIFIER_PATH } from '../../src/modules/exports/verifier-source.js';
import { describeOnEmbedded } from '../support/backends.js';
import { documentsApi } from '../support/documents-api.js';
import { exportsApi, runVerifier } from '../support/exports-api.js';
import { startS3rver, type RunningS3 } from '../support/s3rver.js';
import { pdf } from '../support/sample-files.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

describeOnEmbedded('an export with S3 as the object store', (backend) => {
  let s3: RunningS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3rver('fds-export');
    t = await buildTestApp(backend, { env: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('streams the documents out of the bucket and the zip, in several parts, back into it; the download verifies', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    // Three 4 MiB attachments: a zip of more than one 8 MiB part (stored, not deflated).
    for (let i = 0; i < 3; i++) {
      await documentsApi(t, tenant).uploaded(shipment.id, { kind: 'attachment', filename: `scan-${i}.pdf`, contentType: 'application/pdf', bytes: Buffer.concat([pdf(), randomBytes(4 * 1024 * 1024)]) });
    }
    const api = exportsApi(t, tenant);
    const done = await api.completed();
    expect(done.size).toBeGreaterThan(12 * 1024 * 1024);
    const zip = await api.downloaded(done);
    const result = await runVerifier(VERIFIER_PATH, zip);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('4 documents');
  });
});
