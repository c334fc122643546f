/**
 * Benchmark: the memory of a GDPR export. Target: an export of 10,000 shipments and 2 GB of
 * documents does not grow the process by more than a few tens of MB.
 *
 * Seeds one organisation by cloning a real issued shipment (its row, its events, its sealed note)
 * with SQL, and writes documents of DOC_MB MiB each into the object store; then runs the export
 * job's writer (write-export.ts) in this process, sampling RSS every 10 ms: on a small organisation
 * (the baseline), on one of half the size and on the full one. Prints the peak RSS growth of each
 * over the RSS just before it, and the ratios: flat memory means the full export grows the process
 * no more than the half one, however much larger it is. With the embedded PGlite the database runs
 * in this process too, and its heap counts; DATABASE_URL measures the export alone. Not a timed
 * test; sizes from the environment:
 *
 *   EXPORT_BENCH_SHIPMENTS (default 10000), EXPORT_BENCH_DOCUMENTS (default 200), EXPORT_BENCH_DOC_MB (default 1)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../src/ports/database.js';
import { createOrganization } from '../src/modules/organizations/create-organization.js';
import { createApiKey } from '../src/modules/api-keys/create-api-key.js';
import { writeExport } from '../src/modules/exports/write-export.js';
import { minimalShipment } from '../test/support/shipment-fixtures.js';
import { startBenchService, type BenchService } from './support/bench-runtime.js';

const SHIPMENTS = Number(process.env.EXPORT_BENCH_SHIPMENTS ?? 10_000);
const DOCUMENTS = Number(process.env.EXPORT_BENCH_DOCUMENTS ?? 200);
const DOC_MB = Number(process.env.EXPORT_BENCH_DOC_MB ?? 1);
const MB = 1024 * 1024;

/** An organisation of `shipments` clones of one issued shipment and `documents` extra documents of `docMb` MiB. */
async function seed(service: BenchService, label: string, shipments: number, documents: number, docMb: number): Promise<string> {
  const services = service.runtime.services;
  const org = await createOrganization(services, { name: `Bench ${label}` });
  const { key } = await createApiKey(services, { organizationId: org.id, mode: 'test' });
  const created = await service.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: { authorization: `Bearer ${key}` }, payload: minimalShipment() });
  if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  const template = created.json().id as string;
  const db: Database = services.db;
  const suffix = (g: string) => sql.raw(`lpad(${g}::text, 20, '0')`);
  await sql`insert into shipments select (jsonb_populate_record(null::shipments, to_jsonb(s) || jsonb_build_object('id', 'shp_${sql.raw(label)}' || ${suffix('g')}, 'dataset_id', gen_random_uuid(), 'inspection_token', null))).*
    from shipments s, generate_series(1, ${shipments - 1}) g where s.id = ${template}`.execute(db);
  await sql`insert into shipment_events select (jsonb_populate_record(null::shipment_events, to_jsonb(e) || jsonb_build_object('shipment_id', 'shp_${sql.raw(label)}' || ${suffix('g')}, 'event_id', e.event_id || ${suffix('g')}))).*
    from shipment_events e, generate_series(1, ${shipments - 1}) g where e.shipment_id = ${template}`.execute(db);
  const note = await db.selectFrom('documents').selectAll().where('shipment_id', '=', template).executeTakeFirstOrThrow();
  for (let i = 0; i < documents; i++) {
    const objectKey = `${org.id}/test/bench-${i}.bin`;
    await services.objects.put(objectKey, randomBytes(docMb * MB), { contentType: 'application/octet-stream' });
    await sql`insert into documents select (jsonb_populate_record(null::documents, to_jsonb(d) || jsonb_build_object('id', 'doc_${sql.raw(label)}' || ${suffix(String(i))}, 'kind', 'attachment', 'content_type', 'application/octet-stream', 'object_key', ${objectKey}::text, 'size', ${docMb * MB}::int))).*
      from documents d where d.id = ${note.id}`.execute(db);
  }
  return org.id;
}

/** Runs the export writer for `organizationId`, sampling RSS; answers the peak growth over the RSS just before, and the zip. */
async function measure(service: BenchService, organizationId: string, label: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const zip = await writeExport(service.runtime.services, {
    exportId: `exp_bench_${label}`,
    tenant: { organizationId, mode: 'test' },
    objectKey: `${organizationId}/test/exports/bench-${label}.zip`,
    heartbeat: async () => true,
  });
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { growthMb: (peak - before) / MB, beforeMb: before / MB, zipMb: zip.size / MB, records: zip.progress.records, documents: zip.progress.documents, seconds: (performance.now() - started) / 1000 };
}

const service = await startBenchService('export');
try {
  console.log(`GDPR export memory, ${service.backend}, Node ${process.version}`);
  const small = await seed(service, 'small', 100, 5, DOC_MB);
  const half = await seed(service, 'half', Math.ceil(SHIPMENTS / 2), Math.ceil(DOCUMENTS / 2), DOC_MB);
  const large = await seed(service, 'large', SHIPMENTS, DOCUMENTS, DOC_MB);
  // A first run warms the code paths, so the baseline is not the JIT's first use.
  await measure(service, small, 'warm');
  const baseline = await measure(service, small, 'baseline');
  const halfway = await measure(service, half, 'half');
  const big = await measure(service, large, 'large');
  const line = (name: string, m: typeof baseline) =>
    `  ${name.padEnd(9)} ${String(m.records).padStart(7)} records ${String(m.documents).padStart(5)} documents  zip ${m.zipMb.toFixed(1).padStart(8)} MB  in ${m.seconds.toFixed(1).padStart(6)} s  RSS before ${m.beforeMb.toFixed(0)} MB, peak growth ${m.growthMb.toFixed(1)} MB`;
  console.log(line('baseline', baseline));
  console.log(line('half', halfway));
  console.log(line('large', big));
  console.log(`  export size large ÷ baseline: ${(big.zipMb / baseline.zipMb).toFixed(0)}×, large ÷ half: ${(big.zipMb / halfway.zipMb).toFixed(1)}×`);
  console.log(`  peak RSS growth large ÷ baseline: ${(big.growthMb / Math.max(baseline.growthMb, 1)).toFixed(2)}×, large ÷ half: ${(big.growthMb / Math.max(halfway.growthMb, 1)).toFixed(2)}× (growth floored at 1 MB)`);
  console.log(`  peak RSS growth per GB exported (large): ${((big.growthMb / big.zipMb) * 1024).toFixed(1)} MB`);
} finally {
  await service.close();
}
