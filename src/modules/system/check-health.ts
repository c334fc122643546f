/** How the health check reaches each store; each rejects when its store does not answer. */
export interface HealthProbes {
  database(): Promise<void>;
  keyvalue(): Promise<void>;
  objects(): Promise<void>;
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

/** Probes the database, the key-value store and the object store side by side. */
export async function checkHealth(probes: HealthProbes): Promise<{ ok: boolean; checks: Record<'database' | 'keyvalue' | 'objects', CheckState> }> {
  const [database, keyvalue, objects] = await Promise.all([probe(probes.database), probe(probes.keyvalue), probe(probes.objects)]);
  const checks = { database, keyvalue, objects };
  return { ok: Object.values(checks).every((c) => c === 'ok'), checks };
}
