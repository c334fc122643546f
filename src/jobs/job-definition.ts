/** The shape of a job kind: one `<name>.job.ts` per kind exports one of these (STYLE, Background work). */
import type { Services } from '../core/context.js';

export interface JobDefinition<P = unknown> {
  kind: string;
  /** Checks a payload read back from the database; throws when it is not this kind's. */
  parse(payload: unknown): P;
  handle(services: Services, payload: P): Promise<void>;
  /** Delays before each retry, as data; the job fails for good when they run out. */
  retryDelaysMs: readonly number[];
  /** Runs once when the last attempt failed, so the kind can record the failure where users see it. */
  onExhausted?(services: Services, payload: P, error: string): Promise<void>;
}

/** A job that runs on a fixed period, once per period however many worker processes run. */
export interface Schedule {
  kind: string;
  everyMs: number;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
