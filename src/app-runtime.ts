/** Everything the HTTP app needs, made once per process by src/runtime.ts (or by the tests). */
import type { Config } from './config.js';
import type { Services } from './core/context.js';
import type { ApiKeyAuthenticator } from './modules/api-keys/authenticate-api-key.js';
import type { RequestLogWriter } from './modules/request-logs/request-log-writer.js';
import type { HealthProbes } from './modules/system/check-health.js';
import type { RateLimiter } from './ports/keyvalue.js';
import type { Metrics } from './ports/metrics.js';

export interface AppRuntime {
  config: Config;
  services: Services;
  authenticator: ApiKeyAuthenticator;
  rateLimiter: RateLimiter;
  /** Failed authentications per client IP (AUTH_FAILURE_LIMIT per AUTH_FAILURE_WINDOW_S). */
  failedAuthLimiter: RateLimiter;
  requestLogs: RequestLogWriter;
  probes: HealthProbes;
  /** Request durations and rate-limit refusals are counted here (src/http/request-metrics.ts, access.ts). */
  metrics: Metrics;
  schemaVersion: number;
  /** Ends this process's delivery worker's pause (a sandbox test clock was advanced); absent where none runs. */
  wakeDeliveries?: () => void;
  /** True once shutdown began: new requests get `service_unavailable`. */
  isDraining(): boolean;
}
