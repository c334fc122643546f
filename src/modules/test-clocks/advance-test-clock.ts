/**
 * POST /v1/test/clocks/{id}/advance: moves the clock forward. What is attached then reads the new
 * time: links and tokens expire, webhook retries fall due (the delivery workers are woken, so the
 * schedule runs out within seconds), dead letters and purges follow on their next run.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { MAX_ADVANCE_DAYS, type AdvanceTestClock } from './test-clock.schema.js';
import { testClockView, type TestClockView } from './test-clock-view.js';
import { advanceTestClock as advanceRow, selectTestClock } from './test-clocks.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Raises `not_found`, and `validation_failed` for a time not later than the clock's or too far ahead. */
export async function advanceTestClock(ctx: TenantContext, id: string, body: AdvanceTestClock): Promise<TestClockView> {
  const clock = await selectTestClock(ctx.db, ctx.organizationId, id);
  if (!clock) throw new AppError('not_found', `No test clock ${id}.`);
  const to = new Date(body.frozen_time);
  const invalid = (detail: string, comparison: string, limit: string) =>
    new AppError('validation_failed', detail, { errors: [finding('$.frozen_time', 'out_of_range', { comparison, limit })] });
  if (to <= clock.frozen_time) throw invalid('A test clock only moves forward.', 'later than', clock.frozen_time.toISOString());
  const furthest = new Date(clock.frozen_time.getTime() + MAX_ADVANCE_DAYS * DAY_MS);
  if (to > furthest) throw invalid(`One advance moves a test clock at most ${MAX_ADVANCE_DAYS} days.`, 'at most', furthest.toISOString());
  const row = await advanceRow(ctx.db, ctx.organizationId, id, to);
  // A concurrent advance got there first (or the clock was deleted meanwhile): answer what stands.
  if (!row) {
    const now = await selectTestClock(ctx.db, ctx.organizationId, id);
    if (!now) throw new AppError('not_found', `No test clock ${id}.`);
    return testClockView(now);
  }
  return testClockView(row);
}
