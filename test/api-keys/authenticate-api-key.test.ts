import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { ApiKeyAuthenticator, KEY_CACHE_TTL_MS } from '../../src/modules/api-keys/authenticate-api-key.js';
import { recordingDatabase } from '../support/recording-database.js';

describe('API key lookups', () => {
  const key = `sk_test_${'a'.repeat(40)}`;
  const row = { id: 'key_1', organization_id: 'org_1', mode: 'test', scopes: ['shipments:read'], revoked_at: null, live_enabled: false };

  it('shares one database lookup among the requests that arrive while it is under way', async () => {
    const { db, queries } = recordingDatabase([row]);
    const clock = new ManualClock(new Date('2026-11-25T12:00:00Z'));
    const authenticator = new ApiKeyAuthenticator(db, clock);
    const burst = await Promise.all(Array.from({ length: 50 }, () => authenticator.authenticate(key)));
    expect(queries).toHaveLength(1);
    expect(new Set(burst.map((p) => p.keyId))).toEqual(new Set(['key_1']));

    // When the entry expires, the next burst again costs one lookup, not fifty.
    clock.advance(KEY_CACHE_TTL_MS + 1);
    await Promise.all(Array.from({ length: 50 }, () => authenticator.authenticate(key)));
    expect(queries).toHaveLength(2);
  });
});
