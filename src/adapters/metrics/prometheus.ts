/**
 * The metrics port over prom-client: one registry per process (never prom-client's global one, so
 * several runtimes in one test process do not collide), the service's families named with the
 * `fds_` prefix and their unit, and prom-client's default process and Node.js metrics unprefixed,
 * as dashboards expect them.
 *
 * Families read at scrape time (queue depths, pool use) are gauges whose `collect` asks a source;
 * a source that fails (the database is down) leaves its gauges empty for that scrape instead of
 * failing the whole scrape, so the process metrics still arrive when they matter most.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { DeliveryOutcome, Metrics, RateLimiterName, RenderFailure, ScrapeSources } from '../../ports/metrics.js';
import type { RenderJob } from '../../ports/pdf-renderer.js';
import { RequestHistogram, type RequestRecorder } from './request-histogram.js';

const HTTP_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const RENDER_BUCKETS_S = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_LAG_BUCKETS_S = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

export class PrometheusMetrics implements Metrics {
  readonly enabled = true;
  readonly registry = new Registry();
  readonly #httpDuration = new RequestHistogram(
    'fds_http_request_duration_seconds',
    'HTTP requests by route template (requests that match no route: "(no route)"), method and status, from arrival to the last byte handed to the socket.',
    HTTP_BUCKETS_S,
  );
  readonly #deliveries: Counter<'outcome'>;
  readonly #renderDuration: Histogram<'kind'>;
  readonly #renderFailures: Counter<'kind' | 'reason'>;
  readonly #jobLag: Histogram<'kind'>;
  readonly #refusals: Counter<'limiter'>;
  readonly #sources: ScrapeSources = {};

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // Not one of prom-client's classes, but read by its registry the same way (see request-histogram.ts).
    this.registry.registerMetric(this.#httpDuration as unknown as Metric);
    this.#deliveries = new Counter({
      name: 'fds_webhook_deliveries_total',
      help: 'Webhook attempts by outcome: succeeded, retrying (another attempt scheduled) or failed (no attempt left: dead letter).',
      labelNames: ['outcome'],
      registers,
    });
    this.#renderDuration = new Histogram({
      name: 'fds_render_duration_seconds',
      help: 'PDF render and seal by kind, from the request for it to the bytes (waiting for a render thread included).',
      labelNames: ['kind'],
      buckets: RENDER_BUCKETS_S,
      registers,
    });
    this.#renderFailures = new Counter({
      name: 'fds_render_failures_total',
      help: 'Renders that produced no PDF, by kind and reason: queue_full (503), dropped (its client went away before it started) or error (pdf_render_failed).',
      labelNames: ['kind', 'reason'],
      registers,
    });
    this.#jobLag = new Histogram({
      name: 'fds_job_lag_seconds',
      help: 'Background jobs by kind: how long after it was due a worker started it.',
      labelNames: ['kind'],
      buckets: JOB_LAG_BUCKETS_S,
      registers,
    });
    this.#refusals = new Counter({
      name: 'fds_rate_limit_refusals_total',
      help: 'Requests refused with 429 rate_limited, by limiter: api_key (requests per key), failed_auth (failed authentications per client address), public_validate and public_contact (requests per client address at the public doors), magic_link (sign-in links per client or e-mail address), two_factor (second-factor code attempts per console user), console_session (requests per console session), invitation (invitations per organisation).',
      labelNames: ['limiter'],
      registers,
    });
    this.#scrapeTimeGauges(registers);
  }

  httpRoute(route: string): RequestRecorder {
    return this.#httpDuration.recorder(route);
  }

  webhookAttempt(outcome: DeliveryOutcome): void {
    this.#deliveries.inc({ outcome });
  }

  renderDone(kind: RenderJob['kind'], seconds: number): void {
    this.#renderDuration.observe({ kind }, seconds);
  }

  renderFailed(kind: RenderJob['kind'], reason: RenderFailure): void {
    this.#renderFailures.inc({ kind, reason });
  }

  jobStarted(kind: string, lagS: number): void {
    this.#jobLag.observe({ kind }, Math.max(0, lagS));
  }

  rateLimitRefused(limiter: RateLimiterName): void {
    this.#refusals.inc({ limiter });
  }

  watch(sources: ScrapeSources): void {
    Object.assign(this.#sources, sources);
  }

  /** The exposition of every family, as Prometheus scrapes it. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  #scrapeTimeGauges(registers: Registry[]): void {
    const sources = this.#sources;
    // One query serves both webhook gauges: the registry collects every family at once.
    let webhookRead: ReturnType<NonNullable<ScrapeSources['webhookQueue']>> | undefined;
    const webhookQueue = () => (webhookRead ??= sources.webhookQueue!().finally(() => (webhookRead = undefined)));
    const fromWebhookQueue = (pick: (q: { depth: number; oldestDueAgeS: number }) => number) =>
      async function (this: Gauge) {
        if (!sources.webhookQueue) return;
        try {
          this.set(pick(await webhookQueue()));
        } catch {
          this.reset();
        }
      };
    new Gauge({
      name: 'fds_webhook_queue_depth',
      help: 'Webhook deliveries due now and not yet delivered (waiting or being attempted), across every process of the database.',
      registers,
      collect: fromWebhookQueue((q) => q.depth),
    });
    new Gauge({
      name: 'fds_webhook_oldest_due_age_seconds',
      help: 'How long the oldest webhook delivery due now has been due (0 when none is), across every process of the database.',
      registers,
      collect: fromWebhookQueue((q) => q.oldestDueAgeS),
    });
    new Gauge({
      name: 'fds_render_queue_depth',
      help: 'Render jobs waiting for a render thread in this process.',
      registers,
      collect() {
        if (sources.renderQueue) this.set(sources.renderQueue());
      },
    });
    const pool = () => sources.databasePool?.();
    new Gauge({
      name: 'fds_db_pool_connections',
      help: 'Database connections of this process by state: active (lent to a query or transaction) or idle.',
      labelNames: ['state'],
      registers,
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'active' }, p.active);
        this.set({ state: 'idle' }, p.idle);
      },
    });
    new Gauge({
      name: 'fds_db_pool_waiting_clients',
      help: 'Queries and transactions of this process waiting for a database connection.',
      registers,
      collect() {
        const p = pool();
        if (p) this.set(p.waiting);
      },
    });
    new Gauge({
      name: 'fds_db_pool_max_connections',
      help: 'The most database connections this process opens (1 for the embedded database, which has one session).',
      registers,
      collect() {
        const p = pool();
        if (p) this.set(p.max);
      },
    });
  }
}
