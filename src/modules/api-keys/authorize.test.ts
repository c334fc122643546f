import { describe, expect, it } from 'vitest';
import { authorize } from './authorize.js';
import type { Principal } from './authenticate-api-key.js';

const principal = (over: Partial<Principal> = {}): Principal => ({
  keyId: 'key_1',
  organizationId: 'org_1',
  mode: 'live',
  scopes: new Set(['shipments:read']),
  scopeList: ['shipments:read'],
  liveEnabled: false,
  ...over,
});

const codeOf = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('authorize: refusals in the order of the Authentication list', () => {
  it('forbidden before scope, scope before live clearance, live clearance before test-only', () => {
    expect(codeOf(() => authorize(principal(), { consoleOnly: true, scope: 'webhooks:manage' }))).toBe('forbidden');
    expect(codeOf(() => authorize(principal(), { scope: 'webhooks:manage', testOnly: true }))).toBe('insufficient_scope');
    expect(codeOf(() => authorize(principal(), { scope: 'shipments:read', testOnly: true }))).toBe('live_not_enabled');
    expect(codeOf(() => authorize(principal({ liveEnabled: true }), { testOnly: true }))).toBe('test_mode_only');
    expect(codeOf(() => authorize(principal({ mode: 'test' }), { scope: 'shipments:read', testOnly: true }))).toBe('ok');
    expect(codeOf(() => authorize(principal(), { allowUnclearedLive: true }))).toBe('ok');
  });
});
