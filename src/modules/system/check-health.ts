/** How the health check reaches each store; each rejects when its store does not answer. */
export interface HealthProbes {
  database(): Promise<void>;
  keyvalue(): Promise<void>;
  objects(): Promise<void>;
  /** The eFTI gate knows us by our platform id (`GET /v0/whoami`); only when a gate is configured. */
  gate?(): Promise<void>;
}

export type CheckState = 'ok' | 'error';

/** A probe that does not answer in time counts as an error: a hung store must not hang the monitor. */
const PROBE_TIMEOUT_MS = 2000;

async function probe(fn: () => Promise<void>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([fn(), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

type Checks = Record<'database' | 'keyvalue' | 'objects', CheckState> & { gate?: CheckState };

/**
 * Probes the database, the key-value store and the object store side by side, and the eFTI gate
 * when one is configured. `ok` reads the stores only: a load balancer takes a process that is not
 * ok out of rotation, and a gate outage must not take the whole API down with it (registrations
 * wait in the job queue); monitors read `checks.gate`.
 */
export async function checkHealth(probes: HealthProbes): Promise<{ ok: boolean; checks: Checks }> {
  const [database, keyvalue, objects, gate] = await Promise.all([probe(probes.database), probe(probes.keyvalue), probe(probes.objects), probes.gate ? probe(probes.gate) : undefined]);
  const stores = { database, keyvalue, objects };
  return { ok: Object.values(stores).every((c) => c === 'ok'), checks: gate ? { ...stores, gate } : stores };
}
