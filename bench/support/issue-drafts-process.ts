/**
 * The load generator for issuing drafts, run as its own process so it does not share the server's
 * event loop: autocannon POSTing /v1/shipments/{id}/issue, each request to the next draft of the
 * list (a draft is issued once), for the given seconds. Options as JSON in argv[2]: address,
 * headers, idsFile (one draft id a line), connections, seconds. Prints its result as JSON; a run
 * out of drafts counts its further requests as errors.
 */
import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';

interface IssueOptions {
  address: string;
  headers: Record<string, string>;
  idsFile: string;
  connections: number;
  seconds: number;
}

const options = JSON.parse(process.argv[2]!) as IssueOptions;
const ids = readFileSync(options.idsFile, 'utf8').split('\n').filter(Boolean);
let next = 0;
const result = await autocannon({
  url: options.address,
  connections: options.connections,
  duration: options.seconds,
  requests: [
    {
      method: 'POST',
      headers: options.headers,
      setupRequest: (request: Request) => ({ ...request, path: `/v1/shipments/${ids[next++] ?? 'shp_out_of_drafts'}/issue` }),
    },
  ],
});
process.stdout.write(JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, used: Math.min(next, ids.length), drafts: ids.length }));
