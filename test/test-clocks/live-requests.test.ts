/**
 * Live mode never reads a test clock (docs/sandbox-test-clocks.md): the request-time resolver sends
 * no query at all for a live key, on any path, and refuses `test_clock` from one before querying;
 * a sandbox key's request on an attachable path asks for its clock once, and for that of a resource
 * known to follow none (found without one: it never gets one) not again.
 */
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/core/errors.js';
import { LruCache } from '../../src/core/lru-cache.js';
import { requestTestClock, type AttachableTable } from '../../src/modules/test-clocks/test-clock-access.js';
import { recordingDatabase } from '../support/recording-database.js';

const live = { mode: 'live' as const, organizationId: 'org_01JD0000000000000000000000' };
const sandbox = { mode: 'test' as const, organizationId: live.organizationId };
const TABLES: (AttachableTable | undefined)[] = ['shipments', 'signature_requests', 'webhook_endpoints', undefined];

describe('which requests read a test clock', () => {
  it('a live key queries nothing, whatever the path', async () => {
    const { db, queries } = recordingDatabase([{ id: 'clk_x', frozen_time: new Date() }], 0);
    for (const table of TABLES) expect(await requestTestClock(db, live, table, { id: 'shp_01JD0000000000000000000000' }, undefined)).toBeUndefined();
    expect(queries).toEqual([]);
  });

  it('a live key naming a clock is refused test_mode_only before any query', async () => {
    const { db, queries } = recordingDatabase([], 0);
    const refused = await requestTestClock(db, live, 'shipments', {}, 'clk_01JD0000000000000000000000').catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('test_mode_only');
    expect(queries).toEqual([]);
  });

  it('a sandbox key asks once for the clock of the resource in the path, and not at all elsewhere', async () => {
    const frozen = new Date('2027-01-01T00:00:00.000Z');
    const { db, queries } = recordingDatabase([{ id: 'clk_01JD0000000000000000000000', frozen_time: frozen }], 0);
    expect(await requestTestClock(db, sandbox, 'signature_requests', { id: 'sgr_01JD0000000000000000000000' }, undefined)).toEqual({ id: 'clk_01JD0000000000000000000000', frozenTime: frozen });
    expect(queries).toHaveLength(1);
    expect(queries[0]!.sql).toMatch(/from "signature_requests" as "r" left join "test_clocks"/);
    expect(await requestTestClock(db, sandbox, undefined, {}, undefined)).toBeUndefined();
    expect(queries).toHaveLength(1);
  });

  it('a sandbox resource found without a clock is not asked about again; one with a clock, or not found, is', async () => {
    const known = new LruCache<true>(10);
    const shipment = { id: 'shp_01JD0000000000000000000000' };
    const without = recordingDatabase([{ id: null, frozen_time: null }], 0);
    expect(await requestTestClock(without.db, sandbox, 'shipments', shipment, undefined, known)).toBeUndefined();
    expect(await requestTestClock(without.db, sandbox, 'shipments', shipment, undefined, known)).toBeUndefined();
    expect(without.queries).toHaveLength(1);
    // Another organisation's resource of the same id is its own question.
    expect(await requestTestClock(without.db, { ...sandbox, organizationId: 'org_01JD0000000000000000000001' }, 'shipments', shipment, undefined, known)).toBeUndefined();
    expect(without.queries).toHaveLength(2);

    const frozen = new Date('2027-01-01T00:00:00.000Z');
    const attached = recordingDatabase([{ id: 'clk_01JD0000000000000000000000', frozen_time: frozen }], 0);
    const other = { id: 'shp_01JD0000000000000000000002' };
    for (let i = 0; i < 2; i++) expect(await requestTestClock(attached.db, sandbox, 'shipments', other, undefined, known)).toEqual({ id: 'clk_01JD0000000000000000000000', frozenTime: frozen });
    expect(attached.queries).toHaveLength(2);

    const missing = recordingDatabase([], 0);
    const unknown = { id: 'shp_01JD0000000000000000000003' };
    for (let i = 0; i < 2; i++) expect(await requestTestClock(missing.db, sandbox, 'shipments', unknown, undefined, known)).toBeUndefined();
    expect(missing.queries).toHaveLength(2);
  });
});
