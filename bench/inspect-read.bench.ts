/**
 * Benchmark: the inspection link (GET /v1/inspect/{token}, and the page at /inspect/{token})
 * against reading the same shipment with a key (GET /v1/shipments/{id}), in the same run. The note
 * is issued and signed by consignor and carrier (three sealed PDF versions), and read unchanged, as
 * inspectors along a route read it. Every request comes from its own client address (the link
 * allows 60 a minute per address), and so do the reads, so both pay the same load generator.
 * Runs on PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set, else on the embedded
 * defaults; `npm run bench` runs it on both (bench/run-all.ts).
 *
 * Target: the inspection answers at least half the read's requests per second.
 */
import { fullShipment } from '../test/support/shipment-fixtures.js';
import { startBenchService } from './support/bench-runtime.js';
import { compare, CONNECTIONS, DURATION_S, row, type Target } from './support/load.js';

const TARGET = 0.5;

const service = await startBenchService('inspect', { TRUST_PROXY: '127.0.0.1' });
const headers = { authorization: `Bearer ${service.key}` };
const created = await service.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers, payload: fullShipment() });
if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
const { id, inspection_url: url } = created.json() as { id: string; inspection_url: string };
for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']]) {
  const signed = await service.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers, payload: { role, signer_name } });
  if (signed.statusCode !== 201) throw new Error(`signing answered ${signed.statusCode}: ${signed.body}`);
}
const token = url.slice(url.lastIndexOf('/') + 1);

const read: Target = { url: `${service.address}/v1/shipments/${id}`, headers, uniqueClientAddress: true };
const json: Target = { url: `${service.address}/v1/inspect/${token}`, uniqueClientAddress: true };
const page: Target = { url: `${service.address}/inspect/${token}`, headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }, uniqueClientAddress: true };
const check = await (await fetch(json.url)).json() as { integrity: { verdict: string } };
if (check.integrity.verdict !== 'intact') throw new Error(`the bench note reads ${check.integrity.verdict}`);

console.log(`GET /v1/inspect/{token} and /inspect/{token} vs GET /v1/shipments/{id} — ${service.backend}, ${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}`);
let failed = false;
for (const [name, target] of [['GET /v1/inspect/{token}', json], ['GET /inspect/{token} (page)', page]] as const) {
  const r = await compare(read, target);
  const ratio = r.subject.rps / r.base.rps;
  console.log(row('GET /v1/shipments/{id}', r.base));
  console.log(row(name, r.subject));
  console.log(`  runs (req/s): read ${r.baseRuns.map((x) => x.rps.toFixed(0)).join(', ')}; inspection ${r.subjectRuns.map((x) => x.rps.toFixed(0)).join(', ')}`);
  console.log(`  ratio (inspection req/s ÷ read req/s): ${ratio.toFixed(2)}  (target ≥ ${TARGET.toFixed(2)})`);
  if (r.subject.non2xx > 0 || r.subject.errors > 0 || r.base.non2xx > 0) failed = true;
}
const views = await service.runtime.services.db
  .selectFrom('inspection_views')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('shipment_id', '=', id)
  .executeTakeFirstOrThrow();
console.log(`inspection views logged: ${views.n} (one per inspection request)`);
await service.close();
if (failed) process.exitCode = 1;
