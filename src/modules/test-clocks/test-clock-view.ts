/** The API view of a test clock row. */
import type { TestClockRow } from './test-clocks.repository.js';

export interface TestClockView {
  id: string;
  object: 'test_clock';
  name: string | null;
  frozen_time: string;
  created_at: string;
}

export function testClockView(row: TestClockRow): TestClockView {
  return { id: row.id, object: 'test_clock', name: row.name, frozen_time: row.frozen_time.toISOString(), created_at: row.created_at.toISOString() };
}
