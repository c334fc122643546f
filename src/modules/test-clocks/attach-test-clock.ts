/**
 * Attaching what a sandbox request makes to a test clock (`?test_clock=`): the clock must be one
 * of the organisation's, not deleted (DESIGN, Errors: a well-shaped id naming nothing usable is
 * 422 `validation_failed` with a finding on the field).
 */
import type { Database } from '../../ports/database.js';
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages } from '../../core/findings.js';
import { selectTestClock } from './test-clocks.repository.js';

registerFindingMessages({
  test_clock_not_found: {
    en: (p) => `There is no test clock ${String(p.test_clock)} in this organisation's sandbox.`,
    nl: (p) => `Er is geen testklok ${String(p.test_clock)} in de sandbox van deze organisatie.`,
    de: (p) => `In der Sandbox dieser Organisation gibt es keine Testuhr ${String(p.test_clock)}.`,
    fr: (p) => `Il n'y a pas d'horloge de test ${String(p.test_clock)} dans le bac à sable de cette organisation.`,
  },
});

/** The clock named by `test_clock`; raises `validation_failed` when there is none. */
export async function testClockToAttach(db: Database, organizationId: string, id: string): Promise<{ id: string; frozenTime: Date }> {
  const clock = await selectTestClock(db, organizationId, id);
  if (!clock) throw new AppError('validation_failed', `No test clock ${id} in this organisation's sandbox; see errors.`, { errors: [finding('query.test_clock', 'test_clock_not_found', { test_clock: id })] });
  return { id: clock.id, frozenTime: clock.frozen_time };
}
