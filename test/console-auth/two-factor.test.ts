/**
 * The console's second factor through its routes, on the app's manual clock set
 * to the middle of a 30-second step: enrolment and confirmation, the window of one step either side,
 * replays and codes of earlier steps refused, recovery codes used once and replaced, one identical
 * `two_factor_invalid` for every refused code, the per-user attempt budget, the gate
 * (`two_factor_required` on the console routes and pages it guards, not on the way to the factor),
 * reset, and the audit rows. Codes are computed with otpauth, as an authenticator app would.
 * Each test makes its own users: the attempt budget (5 per user) is counted in real time.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRuntime } from '../../src/app-runtime.js';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { expectProblem } from '../support/problems.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const STEP = 30_000;
const FIXTURE_PAGE = '/_fixtures/console-page';

/** A console page that is no part of the second factor's way, to see the gate on pages. */
const fixturePage: FastifyPluginAsync<{ runtime: AppRuntime }> = async (app) => {
  app.get(FIXTURE_PAGE, { config: { access: { consoleOnly: true, page: true } }, schema: { hide: true } }, async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  app.post(FIXTURE_PAGE, { config: { access: { consoleOnly: true, page: true }, idempotent: false, optionalBody: true }, schema: { hide: true } }, async (_request, reply) => reply.status(204).send());
};

type Headers = { cookie: string; origin: string };

describe.each(backends())('second factor on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { plugins: [fixturePage] });
    // The middle of a step, so that "one step later" is never a boundary away.
    t.clock.set(new Date(Math.floor(Date.now() / STEP) * STEP + STEP / 2));
  });
  afterAll(() => t?.close());

  const db = () => t.runtime.services.db;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, h: Headers, payload?: object) => t.app.inject({ method, url, headers: { ...h }, ...(payload ? { payload } : {}) });
  /** The code an app shows `steps` steps from the app's clock. */
  const code = (secret: string, steps = 0) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() + steps * STEP });
  const verify = (h: Headers, c: string) => call('POST', '/v1/auth/two-factor/verify', h, { code: c });

  async function newUser() {
    const email = `2fa-${randomUUID()}@transport.example`;
    const h = await consoleSessionHeaders(t, email);
    const view = (await call('GET', '/v1/auth/session', h)).json();
    return { email, h, userId: view.user.id as string, organizationId: view.organization.id as string, another: () => consoleSessionHeaders(t, email) };
  }

  async function enrol(h: Headers): Promise<string> {
    const res = await call('POST', '/v1/auth/two-factor/enrol', h);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().secret;
  }

  /** A user whose factor is on (one code attempt spent), with its secret and recovery codes. */
  async function enrolledUser(steps = 0) {
    const user = await newUser();
    const secret = await enrol(user.h);
    const res = await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: code(secret, steps) });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, secret, recoveryCodes: res.json().recovery_codes as string[] };
  }

  const auditRows = (organizationId: string, userId: string) =>
    db().selectFrom('audit_log').select(['action', 'actor', 'target_type', 'target_id', 'changes', 'mode']).where('organization_id', '=', organizationId).where('target_id', '=', userId).where('action', 'like', 'two_factor.%').orderBy('seq').execute();

  describe('enrolment', () => {
    it('gives a pending base32 secret with its otpauth URI and QR code, replaced by enrolling again; the first code turns it on with ten recovery codes kept as hashes only', async () => {
      const user = await newUser();
      const first = (await call('POST', '/v1/auth/two-factor/enrol', user.h)).json();
      expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(first.otpauth_uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: first.secret, issuer: 'Freight document service', algorithm: 'SHA1', digits: '6', period: '30' });
      expect(decodeURIComponent(uri.pathname)).toContain(user.email);
      expect(first.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(first.qr_code.split(',')[1], 'base64').toString()).toMatch(/^<svg /);
      expect((await call('GET', '/v1/auth/two-factor', user.h)).json()).toMatchObject({ state: 'pending', session_passed: false, confirmed_at: null });

      const second = (await call('POST', '/v1/auth/two-factor/enrol', user.h)).json();
      expect(second.secret).not.toBe(first.secret);
      // The replaced secret's codes no longer confirm.
      expectProblem(await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: code(first.secret) }), 'two_factor_invalid');

      const confirmed = await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: code(second.secret) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.headers['cache-control']).toBe('no-store');
      const codes: string[] = confirmed.json().recovery_codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
      const stored = await db().selectFrom('two_factor_recovery_codes').selectAll().where('user_id', '=', user.userId).execute();
      expect(stored).toHaveLength(10);
      for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace(/-/g, ''));

      expect((await call('GET', '/v1/auth/two-factor', user.h)).json()).toEqual({
        state: 'on',
        confirmed_at: t.clock.now().toISOString(),
        session_passed: true,
        recovery_codes_left: 10,
        required_by_organization: false,
      });
      // The confirming session has passed the factor: it goes on without a verification.
      expect((await call('GET', '/v1/auth/sessions', user.h)).statusCode).toBe(200);
      expectProblem(await call('POST', '/v1/auth/two-factor/enrol', user.h), 'conflict');
      expectProblem(await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: code(second.secret) }), 'conflict');
    });

    it('records two_factor.enrolled by the user in the sandbox log of every organisation the user belongs to', async () => {
      const user = await newUser();
      const other = await t.newTenant();
      await db().insertInto('memberships').values({ user_id: user.userId, organization_id: other.organizationId, role: 'viewer', created_at: t.clock.now() }).execute();
      const secret = await enrol(user.h);
      expect(await auditRows(user.organizationId, user.userId)).toEqual([]);
      expect((await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: code(secret) })).statusCode).toBe(200);
      for (const organizationId of [user.organizationId, other.organizationId]) {
        expect(await auditRows(organizationId, user.userId)).toEqual([
          { action: 'two_factor.enrolled', actor: { type: 'user', id: user.userId }, target_type: 'user', target_id: user.userId, changes: { recovery_codes: 10 }, mode: 'test' },
        ]);
      }
    });

    it('confirming without an enrolment, or verifying without a factor, is a conflict', async () => {
      const user = await newUser();
      expectProblem(await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: '123456' }), 'conflict');
      expectProblem(await verify(user.h, '123456'), 'conflict');
      expectProblem(await call('DELETE', '/v1/auth/two-factor', user.h), 'not_found');
    });
  });

  describe('codes', () => {
    it('accepts a code one step early or late, refuses one two steps off, and one of a step not after the last accepted', async () => {
      const user = await enrolledUser(-1);
      t.clock.advance(3 * STEP);
      const later = await user.another();
      expectProblem(await verify(later, code(user.secret, 2)), 'two_factor_invalid');
      expectProblem(await verify(later, code(user.secret, -2)), 'two_factor_invalid');
      const passed = await verify(later, code(user.secret, 1));
      expect(passed.statusCode, passed.body).toBe(200);
      expect(passed.json()).toMatchObject({ state: 'on', session_passed: true });
      // The current step is before the one just accepted (+1): its code is refused too.
      expectProblem(await verify(await user.another(), code(user.secret, 0)), 'two_factor_invalid');
    });

    it('refuses a code used once already, in its own step and in the next, and takes the next step\'s code', async () => {
      const user = await enrolledUser();
      const used = code(user.secret);
      const second = await user.another();
      expectProblem(await verify(second, used), 'two_factor_invalid');
      t.clock.advance(STEP);
      // Still inside the window (one step old), but spent.
      expect(code(user.secret, -1)).toBe(used);
      expectProblem(await verify(second, used), 'two_factor_invalid');
      expect((await verify(second, code(user.secret))).statusCode).toBe(200);
    });

    it('takes each recovery code once (case and dashes aside); a new set voids the old one', async () => {
      const user = await enrolledUser();
      const [a, b, c] = user.recoveryCodes as [string, string, string];
      const s2 = await user.another();
      expect((await verify(s2, a)).json()).toMatchObject({ session_passed: true, recovery_codes_left: 9 });
      expectProblem(await verify(await user.another(), a), 'two_factor_invalid');
      expect((await verify(await user.another(), b.toUpperCase().replace(/-/g, ' '))).statusCode).toBe(200);

      const renewed = await call('POST', '/v1/auth/two-factor/recovery-codes', s2);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const fresh: string[] = renewed.json().recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(c);
      expectProblem(await verify(await user.another(), c), 'two_factor_invalid');
      expect((await call('GET', '/v1/auth/two-factor', s2)).json().recovery_codes_left).toBe(10);
      // Each sign-in passed with a recovery code is on the log, with how many are left; a refused one is not.
      expect((await auditRows(user.organizationId, user.userId)).map((r) => [r.action, r.changes])).toEqual([
        ['two_factor.enrolled', { recovery_codes: 10 }],
        ['two_factor.recovery_code_used', { recovery_codes_left: 9 }],
        ['two_factor.recovery_code_used', { recovery_codes_left: 8 }],
        ['two_factor.recovery_codes_regenerated', { recovery_codes: 10 }],
      ]);
      const used = await db().selectFrom('audit_log').select(['actor', 'target_type', 'mode']).where('organization_id', '=', user.organizationId).where('action', '=', 'two_factor.recovery_code_used').execute();
      expect(used).toEqual([0, 1].map(() => ({ actor: { type: 'user', id: user.userId }, target_type: 'user', mode: 'test' })));
      expect(JSON.stringify(await auditRows(user.organizationId, user.userId))).not.toContain(a);
    });

    it('answers a wrong, an expired, a replayed, a used and an unknown recovery code with the same problem', async () => {
      const x = await enrolledUser();
      const current = new Set([-1, 0, 1].map((s) => code(x.secret, s)));
      const wrong = ['000000', '111111', '222222', '333333'].find((c) => !current.has(c))!;
      const refused = [await verify(await x.another(), wrong), await verify(await x.another(), code(x.secret, -5)), await verify(await x.another(), code(x.secret))];
      const y = await enrolledUser();
      expect((await verify(await y.another(), y.recoveryCodes[0]!)).statusCode).toBe(200);
      refused.push(await verify(await y.another(), y.recoveryCodes[0]!), await verify(await y.another(), 'abcd-efgh-ijkl-mnop'));
      const bodies = refused.map((res) => ({ ...expectProblem(res, 'two_factor_invalid'), request_id: 'req' }));
      expect(bodies[0]).toMatchObject({ status: 422, title: 'Two-factor code invalid', errors: [], warnings: [] });
      for (const body of bodies.slice(1)) expect(body).toEqual(bodies[0]);
    });

    it('counts five code attempts per user in 15 minutes, wrong or right; the sixth is 429 with Retry-After', async () => {
      const user = await enrolledUser();
      const s = await user.another();
      for (let i = 0; i < 4; i++) expectProblem(await verify(s, 'zzzz-zzzz-zzzz-zzzz'), 'two_factor_invalid');
      t.clock.advance(STEP);
      const limited = await verify(s, code(user.secret));
      const body = expectProblem(limited, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(body.detail).toContain('second-factor codes per 900 s');
      // Another user has a budget of their own.
      const other = await enrolledUser();
      expect((await verify(await other.another(), code(other.secret, 1))).statusCode).toBe(200);
    });
  });

  describe('the gate', () => {
    it('holds a session of a user with a factor on every console route but the way to the factor, until it verifies', async () => {
      const user = await enrolledUser();
      const s = await user.another();
      for (const [method, url] of [
        ['GET', '/v1/auth/sessions'],
        ['POST', '/v1/auth/session/organization'],
        ['POST', '/v1/auth/sign-out-everywhere'],
        ['POST', '/v1/auth/two-factor/recovery-codes'],
        ['DELETE', '/v1/auth/two-factor'],
        ['POST', FIXTURE_PAGE],
      ] as const) {
        const body = expectProblem(await call(method, url, s, method === 'POST' && url.endsWith('organization') ? { organization_id: user.organizationId } : undefined), 'two_factor_required');
        expect(body.detail, url).toContain('/v1/auth/two-factor/verify');
      }
      const page = await call('GET', FIXTURE_PAGE, s);
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe('/console/two-factor');
      // The console's own pages, the overview included, and the audit log read with the session.
      for (const url of ['/console', '/console/api-keys', '/console/audit-log']) {
        const answer = await call('GET', url, s);
        expect([answer.statusCode, answer.headers.location], url).toEqual([303, '/console/two-factor']);
      }
      expectProblem(await call('GET', '/v1/audit-log', s), 'two_factor_required');

      expect((await call('GET', '/v1/auth/session', s)).statusCode).toBe(200);
      expect((await call('GET', '/v1/auth/two-factor', s)).json()).toMatchObject({ state: 'on', session_passed: false });
      const factorPage = await call('GET', '/console/two-factor', s);
      expect(factorPage.statusCode).toBe(200);
      expect(factorPage.body).toContain('action="/console/two-factor/verify"');
      expectProblem(await call('POST', '/v1/auth/two-factor/enrol', s), 'conflict');

      expect((await verify(s, code(user.secret, 1))).statusCode).toBe(200);
      expect((await call('GET', '/v1/auth/sessions', s)).statusCode).toBe(200);
      expect((await call('GET', FIXTURE_PAGE, s)).statusCode).toBe(200);
      // Sign-out needs no factor.
      const fresh = await user.another();
      expect((await call('POST', '/v1/auth/sign-out', fresh)).statusCode).toBe(204);
    });

    it('lets a member of an organisation that requires a factor, without one, only enrol, confirm, read the session and sign out', async () => {
      const user = await newUser();
      await db().updateTable('organizations').set({ require_two_factor: true }).where('id', '=', user.organizationId).execute();
      const body = expectProblem(await call('GET', '/v1/auth/sessions', user.h), 'two_factor_required');
      expect(body.detail).toContain('/v1/auth/two-factor/enrol');
      expect((await call('GET', FIXTURE_PAGE, user.h)).headers.location).toBe('/console/two-factor');
      expectProblem(await call('POST', '/v1/auth/two-factor/recovery-codes', user.h), 'two_factor_required');
      expect((await call('GET', '/v1/auth/session', user.h)).statusCode).toBe(200);
      expect((await call('GET', '/v1/auth/two-factor', user.h)).json()).toMatchObject({ state: 'off', required_by_organization: true });
      const factorPage = await call('GET', '/console/two-factor', user.h);
      expect(factorPage.statusCode).toBe(200);
      expect(factorPage.body).toContain('action="/console/two-factor/enrol"');

      const secret = await enrol(user.h);
      const pending = (await call('GET', '/console/two-factor', user.h)).body;
      expect(pending).toContain('action="/console/two-factor/confirm"');
      // Cancelling is behind the gate here: the page offers no button that cannot work.
      expect(pending).not.toContain('action="/console/two-factor/reset"');
      expectProblem(await call('DELETE', '/v1/auth/two-factor', user.h), 'two_factor_required');
      expect((await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: code(secret) })).statusCode).toBe(200);
      expect((await call('GET', '/v1/auth/sessions', user.h)).statusCode).toBe(200);
      expect((await call('POST', '/v1/auth/sign-out', await user.another())).statusCode).toBe(204);
    });
  });

  describe('reset', () => {
    it('needs a fresh code to turn an active factor off; then every session must pass the next factor anew', async () => {
      const user = await enrolledUser();
      const other = await user.another();
      expect((await verify(other, user.recoveryCodes[0]!)).statusCode).toBe(200);
      expectProblem(await call('DELETE', '/v1/auth/two-factor', user.h), 'two_factor_invalid');
      t.clock.advance(STEP);
      const reset = await call('DELETE', '/v1/auth/two-factor', user.h, { code: code(user.secret) });
      expect(reset.statusCode, reset.body).toBe(204);
      expect((await call('GET', '/v1/auth/two-factor', other)).json()).toMatchObject({ state: 'off', session_passed: false, recovery_codes_left: 0 });
      expect(await db().selectFrom('two_factor_recovery_codes').select('user_id').where('user_id', '=', user.userId).execute()).toEqual([]);
      expect((await auditRows(user.organizationId, user.userId)).map((r) => [r.action, r.changes])).toEqual([
        ['two_factor.enrolled', { recovery_codes: 10 }],
        ['two_factor.recovery_code_used', { recovery_codes_left: 9 }],
        ['two_factor.reset', { confirmed_with: 'totp' }],
      ]);

      const secret = await enrol(user.h);
      expect((await call('POST', '/v1/auth/two-factor/confirm', user.h, { code: code(secret) })).statusCode).toBe(200);
      // `other` passed the old factor, not this one.
      expectProblem(await call('GET', '/v1/auth/sessions', other), 'two_factor_required');
    });

    it('drops a pending enrolment without a code, and records nothing', async () => {
      const user = await newUser();
      await enrol(user.h);
      expect((await call('DELETE', '/v1/auth/two-factor', user.h)).statusCode).toBe(204);
      expect((await call('GET', '/v1/auth/two-factor', user.h)).json().state).toBe('off');
      expect(await auditRows(user.organizationId, user.userId)).toEqual([]);
    });
  });

  describe('the page', () => {
    it('answers a refused code on its verify form with the page, its notice and 422', async () => {
      const user = await enrolledUser();
      const s = await user.another();
      const res = await t.app.inject({ method: 'POST', url: '/console/two-factor/verify?lang=nl', headers: { ...s, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=000000' });
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Deze code is niet geldig.');
      expect(res.body).toContain('action="/console/two-factor/verify?lang=nl"');
      const ok = await t.app.inject({ method: 'POST', url: '/console/two-factor/verify', headers: { ...s, 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=${user.recoveryCodes[1]}` });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/console');
      // Attempts four and five; the sixth answers the page with its notice, 429 and Retry-After.
      const form = (payload: string) => t.app.inject({ method: 'POST', url: '/console/two-factor/reset', headers: { ...s, 'content-type': 'application/x-www-form-urlencoded' }, payload });
      for (const wrong of ['code=000000', 'code=']) expect((await form(wrong)).statusCode).toBe(422);
      const limited = await form(`code=${user.recoveryCodes[2]}`);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toMatch(/Too many codes tried\. Try again in \d+ minutes\./);
      expect((await call('GET', '/v1/auth/two-factor', s)).json().state).toBe('on');
    });
  });
});
