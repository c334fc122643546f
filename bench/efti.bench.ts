/**
 * Benchmark: the eFTI dataset of a 200-goods-line shipment against reading the shipment, in one run.
 *
 * 1. In process, on the stored 200-line shipment (test/support/efti-fixtures.ts) as the route
 *    loads it: the mapping (shipment → consignment), and the XML of the common dataset, of EU03
 *    and of the identifier document for the gate; the EU03 JSON; and the latency of the common
 *    document through the XML threads, which the route uses above INLINE_XML_ELEMENTS elements.
 * 2. Over HTTP: `GET /v1/shipments/{id}/efti?subset=EU03` as JSON and as XML against
 *    `GET /v1/shipments/{id}` of the same shipment, same connections and duration.
 *
 * The HTTP rounds read one unchanged shipment, so after the first request its projection comes from
 * src/modules/efti/projection-cache.ts (keyed by the chain head): as a gate or inspectors re-reading an
 * issued note do. A changed note pays the mapping once more (its in-process figure above).
 *
 * Target: the eFTI answers cost at most twice the read (read req/s ÷ eFTI req/s ≤ 2).
 */
import { performance } from 'node:perf_hooks';
import type { TenantContext } from '../src/core/context.js';
import { EftiXmlPool } from '../src/adapters/efti-xml/efti-xml-pool.js';
import { projectConsignment } from '../src/modules/efti/efti-projection.js';
import { consignmentXml, eftiDocument, identifierXml } from '../src/modules/efti/efti-xml.js';
import { consignmentOf } from '../src/modules/efti/mapping/consignment-of.js';
import { loadEftiSource } from '../src/modules/efti/mapping/efti-source.js';
import { twoHundredLineShipment } from '../test/support/efti-fixtures.js';
import { startBenchService } from './support/bench-runtime.js';
import { compare, CONNECTIONS, DURATION_S, row } from './support/load.js';

/** Median milliseconds per call over `rounds` rounds of `n` calls, after a warm-up. */
function perCall(fn: () => unknown, n = 200, rounds = 5): number {
  for (let i = 0; i < n; i++) fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < n; i++) fn();
    samples.push((performance.now() - start) / n);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

const service = await startBenchService('efti');
const headers = { authorization: `Bearer ${service.key}` };
const created = await service.app.inject({ method: 'POST', url: '/v1/shipments', headers, payload: twoHundredLineShipment() });
if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
const id = created.json().id as string;
const ctx: TenantContext = { ...service.runtime.services, organizationId: service.organizationId, mode: 'test', requestId: 'bench' };
const source = (await loadEftiSource(ctx, id))!;

const consignment = consignmentOf(source).consignment;
const sizes = { common: consignmentXml(consignment).length, eu03: consignmentXml(consignment, ['EU03']).length, identifier: identifierXml(consignment).length };
const micro = {
  map: perCall(() => consignmentOf(source)),
  project: perCall(() => projectConsignment(consignment, ['EU03'])),
  common: perCall(() => consignmentXml(consignment)),
  eu03: perCall(() => consignmentXml(consignment, ['EU03'])),
  identifier: perCall(() => identifierXml(consignment)),
  json: perCall(() => JSON.stringify(projectConsignment(consignment, ['EU03']).consignment)),
};
console.log(`eFTI of the stored 200-line shipment, in process, Node ${process.version}`);
console.log(`  mapping (shipment → consignment) ${micro.map.toFixed(3)} ms`);
console.log(`  projection to EU03 only         ${micro.project.toFixed(3)} ms`);
console.log(`  XML, common dataset             ${micro.common.toFixed(3)} ms  (${sizes.common} bytes)`);
console.log(`  XML, EU03                       ${micro.eu03.toFixed(3)} ms  (${sizes.eu03} bytes)`);
console.log(`  XML, identifier (gate)          ${micro.identifier.toFixed(3)} ms  (${sizes.identifier} bytes)`);
console.log(`  JSON, EU03 (projection + JSON)  ${micro.json.toFixed(3)} ms`);
// The route hands documents of this size to the XML threads: the event loop pays the clone and the message.
const pool = new EftiXmlPool({ threads: 1 });
const document = eftiDocument(consignment, []);
const job = { kind: document.kind, consignment: document.consignment };
for (let i = 0; i < 50; i++) await pool.write(job);
const started = performance.now();
for (let i = 0; i < 200; i++) await pool.write(job);
console.log(`  XML, common dataset, via the thread pool, one at a time: ${((performance.now() - started) / 200).toFixed(3)} ms per document (latency)`);
await pool.close();

const read = { url: `${service.address}/v1/shipments/${id}`, headers };
const eftiJson = { url: `${service.address}/v1/shipments/${id}/efti?subset=EU03`, headers };
const eftiXml = { url: eftiJson.url, headers: { ...headers, accept: 'application/xml' } };
const bytes = async (target: { url: string; headers: Record<string, string> }) => (await (await fetch(target.url, { headers: target.headers })).arrayBuffer()).byteLength;
console.log(`GET …/efti?subset=EU03 vs GET /v1/shipments/{id}, 200 goods lines — ${service.backend}, ${CONNECTIONS} connections, ${DURATION_S} s each`);
console.log(`  bodies: read ${await bytes(read)} bytes, eFTI JSON ${await bytes(eftiJson)} bytes, eFTI XML ${await bytes(eftiXml)} bytes`);

let failed = false;
for (const [name, target] of [['GET …/efti?subset=EU03', eftiJson], ['  … Accept: application/xml', eftiXml]] as const) {
  const r = await compare(read, target);
  const ratio = r.base.rps / r.subject.rps;
  console.log(row('GET /v1/shipments/{id}', r.base));
  console.log(row(name, r.subject));
  console.log(`  cost ratio (read req/s ÷ eFTI req/s): ${ratio.toFixed(2)}  (target ≤ 2.00); p50 ratio ${(r.subject.p50 / Math.max(r.base.p50, 1)).toFixed(2)}`);
  if (r.subject.non2xx > 0 || r.subject.errors > 0) failed = true;
}
if (failed) process.exitCode = 1;
await service.close();
