/**
 * The gate's word on who we are: `GET /v0/whoami` must name our platform id, or the
 * gate would file our registrations under another platform (or refuse them). Checked at start and
 * by the health check's `gate` entry. A success is trusted for RECHECK_MS, so monitors polling
 * `/v1/health` do not become the gate's heaviest users; a failure is asked again at the next check.
 */
import type { Clock } from '../../../core/clock.js';
import type { EftiPlatform } from '../../../ports/efti-gate.js';

const RECHECK_MS = 5 * 60_000;

export function gateIdentityCheck(platform: EftiPlatform, clock: Clock): () => Promise<void> {
  let verifiedAt: number | undefined;
  let inFlight: Promise<void> | undefined;

  async function verify(): Promise<void> {
    for (const gate of Object.values(platform.gates)) {
      const me = await gate.whoami();
      if (me.appId !== platform.platformId) throw new Error(`the gate at ${gate.url} knows our certificate as ${me.appId}, not as ${platform.platformId}`);
    }
    verifiedAt = clock.now().getTime();
  }

  return () => {
    if (verifiedAt !== undefined && clock.now().getTime() - verifiedAt < RECHECK_MS) return Promise.resolve();
    inFlight ??= verify().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
