import { describe, expect, it } from 'vitest';
import { CURSOR_TTL_MS, encodeCursor, pageRequest, toPage } from './pagination.js';

const scope = { secret: 's3cret', list: 'request_logs', organizationId: 'org_1', mode: 'test' as const, now: new Date('2026-03-01T00:00:00Z') };

describe('cursor pagination', () => {
  it('round-trips a cursor within its list, tenant and lifetime', () => {
    const cursor = encodeCursor(scope, 'desc', 'req_B');
    expect(pageRequest(scope, { cursor, limit: 5 })).toEqual({ limit: 5, order: 'desc', after: 'req_B' });
    expect(pageRequest(scope, {})).toEqual({ limit: 20, order: 'desc' });
  });

  it('refuses cursors of another list, tenant, secret, order, or past their lifetime', () => {
    const cursor = encodeCursor(scope, 'desc', 'req_B');
    for (const other of [{ list: 'events' }, { organizationId: 'org_2' }, { mode: 'live' as const }, { secret: 'other' }, { now: new Date(scope.now.getTime() + CURSOR_TTL_MS + 1) }]) {
      expect(() => pageRequest({ ...scope, ...other }, { cursor }), JSON.stringify(other)).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
    }
    expect(() => pageRequest(scope, { cursor, order: 'asc' })).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
    expect(() => pageRequest(scope, { cursor: 'a.b.c' })).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
  });

  it('a page of limit+1 rows has more; the cursor points after the last row returned', () => {
    const page = toPage(scope, { limit: 2, order: 'desc' }, [{ id: 'c' }, { id: 'b' }, { id: 'a' }]);
    expect(page.data).toEqual([{ id: 'c' }, { id: 'b' }]);
    expect(page.has_more).toBe(true);
    expect(pageRequest(scope, { cursor: page.next_cursor! }).after).toBe('b');
    expect(toPage(scope, { limit: 2, order: 'desc' }, [{ id: 'a' }])).toEqual({ data: [{ id: 'a' }], has_more: false, next_cursor: null });
  });
});
