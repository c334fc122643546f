import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/modules/request-logs/request-logs.repository.js';
import { RequestLogWriter } from '../../src/modules/request-logs/request-log-writer.js';
import { recordingDatabase } from '../support/recording-database.js';

const tenant = { organizationId: 'org_1', mode: 'test' as const };
const entry = (id: string): Entry => [id, 'GET', '/v1/whoami', 200, 1, 'key_1', Date.parse('2026-11-25T12:00:00Z')];

describe('request log writer', () => {
  it('a flush called while another is under way also writes the entries recorded since that one began', async () => {
    const { db, queries } = recordingDatabase([], 30);
    const writer = new RequestLogWriter(db, { flushIntervalMs: 60_000 });
    writer.record(tenant, entry('req_1'));
    const timerFlush = writer.flush(); // as the interval would: it takes req_1 and waits on the database
    writer.record(tenant, entry('req_2'));
    await writer.flush();
    expect(queries).toHaveLength(2);
    expect(queries.map((q) => q.parameters.filter((p) => typeof p === 'string' && p.startsWith('req_')))).toEqual([
      ['req_1', 'req_1'],
      ['req_2', 'req_2'],
    ]);
    await timerFlush;
    await writer.close();
    expect(queries).toHaveLength(2);
  });
});
