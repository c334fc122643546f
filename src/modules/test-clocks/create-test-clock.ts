/** POST /v1/test/clocks: a sandbox clock, standing at `frozen_time` (now by default). */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { CreateTestClock } from './test-clock.schema.js';
import { testClockView, type TestClockView } from './test-clock-view.js';
import { insertTestClock, type TestClockRow } from './test-clocks.repository.js';

export async function createTestClock(ctx: TenantContext, body: CreateTestClock): Promise<TestClockView> {
  const now = ctx.clock.now();
  const row: TestClockRow = {
    id: newId('test_clock', now),
    organization_id: ctx.organizationId,
    mode: 'test',
    name: body.name ?? null,
    frozen_time: body.frozen_time ? new Date(body.frozen_time) : now,
    created_at: now,
    deleted_at: null,
  };
  await insertTestClock(ctx.db, row);
  return testClockView(row);
}
