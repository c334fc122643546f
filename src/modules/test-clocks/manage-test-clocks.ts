/** GET, list and DELETE of test clocks. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ListTestClocksQuery } from './test-clock.schema.js';
import { testClockView, type TestClockView } from './test-clock-view.js';
import { deleteTestClock as deleteRow, selectTestClock, selectTestClocks } from './test-clocks.repository.js';

/** Raises `not_found`. */
export async function getTestClock(ctx: TenantContext, id: string): Promise<TestClockView> {
  const row = await selectTestClock(ctx.db, ctx.organizationId, id);
  if (!row) throw new AppError('not_found', `No test clock ${id}.`);
  return testClockView(row);
}

/** Newest first unless `order=asc`; raises `invalid_cursor`. */
export async function listTestClocks(ctx: TenantContext, query: ListTestClocksQuery): Promise<Page<TestClockView>> {
  return listPage(ctx, 'test_clocks', query, (window) => selectTestClocks(ctx.db, ctx.organizationId, window), testClockView);
}

/**
 * Deletes the clock. What was attached keeps the times it has and reads real time again: an expiry
 * set in clock time stays as it was set, a webhook retry due in clock time is due at once if that
 * time has passed in real time.
 */
export async function deleteTestClock(ctx: TenantContext, id: string): Promise<void> {
  if (!(await deleteRow(ctx.db, ctx.organizationId, id, ctx.clock.now()))) throw new AppError('not_found', `No test clock ${id}.`);
}
