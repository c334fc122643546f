/**
 * Metrics port: what the service counts and times, in its own words, so neither domain code nor
 * the HTTP layer knows the exposition format. The production adapter keeps Prometheus families
 * (src/adapters/metrics/prometheus.ts) served on METRICS_PORT; with METRICS_PORT unset the no-op
 * adapter takes every call and keeps nothing, so measuring costs nothing when nobody scrapes.
 *
 * Every method is synchronous and never throws: a metric must not fail the work it measures.
 * Label values are bounded sets (route templates, status codes, kinds), never ids or URLs.
 */
import type { RenderJob } from './pdf-renderer.js';

/** What one webhook attempt led to: delivered, another attempt scheduled, or no more attempts (dead letter). */
export type DeliveryOutcome = 'succeeded' | 'retrying' | 'failed';

/** The limiter that refused a request: the per-key request limit, or failed authentications per client address. */
export type RateLimiterName = 'api_key' | 'failed_auth' | 'public_validate' | 'public_contact' | 'magic_link' | 'two_factor' | 'console_session' | 'invitation' | 'driver_sign_in' | 'driver_session';

/** Why a render produced no PDF: every thread busy and the queue full, or the render itself failed. */
export type RenderFailure = 'queue_full' | 'dropped' | 'error';

/** Values read when the metrics are scraped rather than counted as they happen. */
export interface ScrapeSources {
  /** Webhook deliveries due now and not yet delivered, and how long the oldest of them has been due. */
  webhookQueue?: () => Promise<{ depth: number; oldestDueAgeS: number }>;
  /** Render jobs waiting for a thread. */
  renderQueue?: () => number;
  /** The database connection pool of this process. */
  databasePool?: () => { idle: number; active: number; waiting: number; max: number };
}

export interface Metrics {
  /** False for the no-op adapter: callers may skip work done only to measure. */
  readonly enabled: boolean;
  /**
   * The recorder of answered HTTP requests for one route template (or the fixed label of requests
   * that match no route): each call records one request's method, status and duration. Made once
   * per route, as it is declared: recording is on every request's path.
   */
  httpRoute(route: string): (method: string, status: number, seconds: number) => void;
  /** One webhook attempt recorded with its outcome. */
  webhookAttempt(outcome: DeliveryOutcome): void;
  /** One render and seal that produced a PDF, from the call to the bytes (waiting for a thread included). */
  renderDone(kind: RenderJob['kind'], seconds: number): void;
  /** One render that produced no PDF. */
  renderFailed(kind: RenderJob['kind'], reason: RenderFailure): void;
  /** One job started by a worker, `lagS` after it was due. */
  jobStarted(kind: string, lagS: number): void;
  /** One request refused by a rate limiter (429). */
  rateLimitRefused(limiter: RateLimiterName): void;
  /** Adds values read at scrape time; a source that fails leaves its families without samples for that scrape. */
  watch(sources: ScrapeSources): void;
}

/** Takes every call and keeps nothing (METRICS_PORT unset). */
export const noMetrics: Metrics = {
  enabled: false,
  httpRoute: () => () => undefined,
  webhookAttempt: () => undefined,
  renderDone: () => undefined,
  renderFailed: () => undefined,
  jobStarted: () => undefined,
  rateLimitRefused: () => undefined,
  watch: () => undefined,
};
