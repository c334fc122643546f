/**
 * The first start and the console meet: outside production, the sandbox organisation the first
 * start makes (the printed key's) is owned by DEV_OWNER_EMAIL, so signing in with that address
 * lands in it, with the shipments made with its key, instead of in a new empty organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSandbox } from '../../src/modules/organizations/ensure-sandbox.js';
import { describeOnEmbedded } from '../support/backends.js';
import { followSignInLink } from '../support/console-session.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { readFileSync } from 'node:fs';

const OWNER = 'dev@example.com';

describeOnEmbedded('the first start names the console owner', (backend) => {
  let t: TestApp;
  let sandbox: { organizationId: string; testKey: string };
  beforeAll(async () => {
    // An embedded test app starts from an empty migrated database, as a first start does.
    t = await buildTestApp(backend);
    const made = await ensureSandbox(t.runtime.services, t.runtime.config.devOwnerEmail);
    if (!made) throw new Error('no sandbox made on an empty database');
    sandbox = made;
  });
  afterAll(() => t?.close());

  it('defaults the owner to dev@example.com outside production', () => {
    expect(t.runtime.config.devOwnerEmail).toBe(OWNER);
  });

  describe('signing in with the named address', () => {
    it('lands in the first organisation, with the shipments made with its printed key', async () => {
      const created = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(sandbox.testKey), payload: JSON.parse(readFileSync('examples/shipment.json', 'utf8')) });
      expect(created.statusCode).toBe(201);
      const shipmentId = created.json().id as string;

      const asked = await t.app.inject({ method: 'POST', url: '/v1/auth/magic-links', payload: { email: OWNER } });
      expect(asked.statusCode).toBe(202);
      const mail = await t.runtime.services.db.selectFrom('outbox_messages').select(['body']).where('recipient', '=', OWNER).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      const link = /https?:\/\/\S+\/console\/magic\/\S+/.exec(String(mail.body))?.[0];
      expect(link).toBeDefined();
      const signedIn = await followSignInLink(t, link!);
      expect(signedIn.statusCode).toBe(303);
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;

      const home = await t.app.inject({ method: 'GET', url: '/console', headers: { cookie } });
      expect(home.body).toContain('Sandbox organisation');
      expect(home.body).not.toContain(`Organisation of ${OWNER}`);
      const events = await t.app.inject({ method: 'GET', url: '/console/events', headers: { cookie } });
      expect(events.statusCode).toBe(200);
      expect(events.body).toContain(shipmentId);
      expect(events.body).not.toContain('Nothing here yet');
    });
  });
});
