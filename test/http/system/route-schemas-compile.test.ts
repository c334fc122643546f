/**
 * Each route's request check and response serializer compile on the route's first request, not
 * while the service starts (src/core/compiled-on-first-use.ts). A schema that does not compile
 * would then fail its route's first request instead of the start: this compiles every one of them
 * at once, so such a schema fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileAllPending, trackPendingCompiles } from '../../../src/core/compiled-on-first-use.js';
import { describeOnEmbedded } from '../../support/backends.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describeOnEmbedded('route schemas', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    trackPendingCompiles();
    t = await buildTestApp(backend);
    await t.app.ready();
  });
  afterAll(() => t?.close());

  describe('compiled on first use', () => {
    it('every route check and serializer compiles', () => {
      // Hundreds: a request check per part, a serializer per status of every route.
      expect(compileAllPending()).toBeGreaterThan(500);
    });

    it('a route answers through its lazily compiled schemas, findings included', async () => {
      const tenant = await t.newTenant();
      const refused = await t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: 42 } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.length).toBeGreaterThan(0);
      const whoami = await t.app.inject({ method: 'GET', url: '/v1/whoami', headers: t.auth(tenant.testKey) });
      expect(whoami.statusCode).toBe(200);
      expect(whoami.json().organization_id).toBe(tenant.organizationId);
    });
  });
});
