/**
 * Console sign-in: a magic link asked by e-mail address is received by a real
 * SMTP server (smtp-server, test/support/smtp-sink.ts), read out of the mail and followed; the
 * session cookie it sets (attributes, only its hash stored); identical answers for known and unknown
 * addresses; the per-address and per-IP windows; single use and the 15-minute expiry; the first
 * sign-in making a sandbox organisation owned by the user, the next reusing it; idle and absolute
 * session expiry on the app's ManualClock; sign out, sign out everywhere, the sessions list; API
 * keys and missing cookies refused; the Origin check on state-changing console calls. Every request
 * asking for a link comes from an address of its own (X-Forwarded-For through TRUST_PROXY) and a
 * fresh e-mail address, so the shared Redis's windows of other runs do not count.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { purgeConsoleAuthJob } from '../../src/modules/console-auth/purge-console-auth.job.js';
import { backends } from '../support/backends.js';
import { followSignInLink } from '../support/console-session.js';
import { expectProblem } from '../support/problems.js';
import { decodedSubject, mailText, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const BASE = 'https://console.fds.example';
const ADDRESS_LIMIT = 4;
const IP_LIMIT = 4;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const freshEmail = () => `user-${randomUUID()}@transport.example`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(backends())('console sign-in on $name', (backend) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(backend, {
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_BASE_URL: BASE,
        TRUST_PROXY: '127.0.0.1',
        MAGIC_LINK_ADDRESS_LIMIT: String(ADDRESS_LIMIT),
        MAGIC_LINK_IP_LIMIT: String(IP_LIMIT),
        MAGIC_LINK_WINDOW_S: '3600',
        CONSOLE_SESSION_IDLE_HOURS: '12',
        CONSOLE_SESSION_MAX_DAYS: '7',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const askLink = (email: string, ip = freshIp()) => t.app.inject({ method: 'POST', url: '/v1/auth/magic-links', headers: { 'x-forwarded-for': ip }, payload: { email } });

  /** The link in the last mail to `email`, as the reader sees it. */
  function linkIn(email: string): string {
    const mails = smtp.received.filter((m) => m.to.includes(email.toLowerCase()));
    expect(mails.length, `no mail to ${email}`).toBeGreaterThan(0);
    const match = /https:\/\/console\.fds\.example\/console\/magic\/[A-Za-z0-9_-]+/.exec(mailText(mails.at(-1)!.raw));
    expect(match, mailText(mails.at(-1)!.raw)).not.toBeNull();
    return match![0];
  }

  const follow = (link: string) => followSignInLink(t, link);

  /** Signs in through a fresh link; the cookie secret. */
  async function signIn(email = freshEmail()): Promise<string> {
    expect((await askLink(email)).statusCode).toBe(202);
    const res = await follow(linkIn(email));
    expect(res.statusCode, res.body).toBe(303);
    return /fds_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  }

  const cookie = (secret: string) => ({ cookie: `fds_session=${secret}` });
  const getSession = (secret: string) => t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: cookie(secret) });
  const post = (url: string, secret: string, headers: Record<string, string> = { origin: BASE }) => t.app.inject({ method: 'POST', url, headers: { ...cookie(secret), ...headers } });

  it.each([
    ['de', 'Ihr Anmeldelink', 'Melden Sie sich an der Konsole von https://console.fds.example an:'],
    ['fr', 'Votre lien de connexion', 'Connectez-vous à la console de https://console.fds.example :'],
    ['pl', 'Twój link do logowania', 'Zaloguj się do konsoli https://console.fds.example:'],
  ])('mails the link asked from the %s sign-in page in that language, and the link opens its page in it', async (language, subject, intro) => {
    const email = freshEmail();
    const asked = await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'x-forwarded-for': freshIp(), 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ email, lang: language }).toString() });
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    const text = mailText(mail.raw);
    expect(decodedSubject(mail.raw)).toBe(subject);
    expect(text).toContain(intro);
    expect(text).not.toContain('Sign in to the console');
    expect(/\/console\/magic\/[A-Za-z0-9_-]+\?lang=([a-z]+)/.exec(text)?.[1]).toBe(language);
  });

  it('e-mails a link through SMTP that, followed, sets an HttpOnly, Secure, SameSite=Lax session cookie whose hash only is stored', async () => {
    const email = freshEmail();
    const asked = await askLink(email);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ email, expires_in: 900 });

    const mail = smtp.received.find((m) => m.to.includes(email))!;
    expect(mail.raw).toMatch(/^Subject: Your sign-in link/m);
    const link = linkIn(email);
    const token = link.split('/').at(-1)!;
    // The token is kept as its hash only.
    const stored = await t.runtime.services.db.selectFrom('magic_links').selectAll().where('email', '=', email).execute();
    expect(stored.map((r) => r.token_hash)).toEqual([sha256(token)]);

    const res = await follow(link);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/console');
    const setCookie = String(res.headers['set-cookie']);
    const attributes = setCookie.split(';').map((a) => a.trim());
    expect(attributes[0]).toMatch(/^fds_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax', `Max-Age=${7 * 24 * 3600}`]));
    const secret = attributes[0]!.slice('fds_session='.length);

    const session = await getSession(secret);
    expect(session.statusCode, session.body).toBe(200);
    const view = session.json();
    expect(view.user.email).toBe(email);
    expect(view.session.absolute_expires_at).toBe(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());
    expect(view.session.expires_at).toBe(new Date(t.clock.now().getTime() + 12 * HOUR).toISOString());

    const rows = await t.runtime.services.db.selectFrom('console_sessions').selectAll().where('user_id', '=', view.user.id).execute();
    expect(rows.map((r) => r.secret_hash)).toEqual([sha256(secret)]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const landing = await t.app.inject({ method: 'GET', url: '/console', headers: cookie(secret) });
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.body).toContain(`Signed in as <strong>${email}</strong>`);
    expect(landing.body).toContain('action="/console/sign-out"');
  });

  it('makes the user at first sign-in with a sandbox organisation it owns, and reuses both at the next sign-in of the address', async () => {
    const email = freshEmail();
    const first = (await getSession(await signIn(email))).json();
    expect(first.organization).toMatchObject({ role: 'owner', live_enabled: false });
    expect(first.memberships).toEqual([{ organization_id: first.organization.id, name: first.organization.name, role: 'owner' }]);
    const org = await t.runtime.services.db.selectFrom('organizations').selectAll().where('id', '=', first.organization.id).executeTakeFirstOrThrow();
    expect(org.live_enabled).toBe(false);

    const again = (await getSession(await signIn(email.toUpperCase()))).json();
    expect(again.user.id).toBe(first.user.id);
    expect(again.organization.id).toBe(first.organization.id);
    expect(again.session.id).not.toBe(first.session.id);
    const users = await t.runtime.services.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);

    // Both sign-ins, and the first one's ownership, are in the organisation's sandbox audit log.
    const audit = await t.runtime.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'target_id', 'changes'])
      .where('organization_id', '=', first.organization.id)
      .where('mode', '=', 'test')
      .where('action', 'in', ['user.signed_in', 'member.joined'])
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['member.joined', 'user.signed_in', 'user.signed_in']);
    for (const row of audit) expect(row.actor).toEqual({ type: 'user', id: first.user.id });
    expect(audit.filter((row) => row.action === 'user.signed_in').map((row) => row.target_id)).toEqual([first.session.id, again.session.id]);
    expect(audit.find((row) => row.action === 'member.joined')?.changes).toEqual({ role: 'owner' });
  });

  it('answers a known and an unknown address alike, doing the same work for both', async () => {
    const known = freshEmail();
    await signIn(known);
    const unknown = freshEmail();
    const a = await askLink(known);
    const b = await askLink(unknown);
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.body.replace(known, 'X')).toBe(b.body.replace(unknown, 'X'));
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    // Both got a stored link and a mail: the unknown address is not skipped early.
    for (const email of [known, unknown]) {
      expect(smtp.received.filter((m) => m.to.includes(email)).length).toBeGreaterThan(0);
      expect(await t.runtime.services.db.selectFrom('magic_links').select('token_hash').where('email', '=', email).execute()).not.toHaveLength(0);
    }
    expect(await t.runtime.services.db.selectFrom('users').select('id').where('email', '=', unknown).execute()).toHaveLength(0);
  });

  it('limits links per e-mail address and per client address, with Retry-After', async () => {
    const email = freshEmail();
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect((await askLink(email)).statusCode).toBe(202);
    const overAddress = await askLink(email);
    expect(expectProblem(overAddress, 'rate_limited').detail).toMatch(/for this e-mail address/);
    expect(Number(overAddress.headers['retry-after'])).toBeGreaterThan(0);

    const ip = freshIp();
    for (let i = 0; i < IP_LIMIT; i++) expect((await askLink(freshEmail(), ip)).statusCode).toBe(202);
    const overIp = await askLink(freshEmail(), ip);
    expect(expectProblem(overIp, 'rate_limited').detail).toMatch(/from this client address/);
    expect(Number(overIp.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('opens a page that signs in with one button: opening (a mail scanner) spends nothing, and only a press from the console\'s own origin does', async () => {
    const email = freshEmail();
    await askLink(email);
    const path = new URL(linkIn(email)).pathname;
    for (let i = 0; i < 3; i++) {
      const opened = await t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': 'mail-scanner' } });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['set-cookie']).toBeUndefined();
      expect(opened.headers['cache-control']).toBe('no-store');
      // Same-origin, so that the form's POST carries the Origin the check asks for (no-referrer would send "Origin: null").
      expect(opened.headers['referrer-policy']).toBe('same-origin');
      expect(opened.body).toContain(email);
      expect(opened.body).toContain('<form method="post"><button type="submit">Sign in</button></form>');
    }
    const press = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: '' });
    expect(expectProblem(await press({ origin: 'https://evil.example' }), 'forbidden').detail).toMatch(/comes from https:\/\/evil\.example/);
    expectProblem(await press({}), 'forbidden');
    const signedIn = await press({ origin: BASE });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/console');
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^fds_session=/);
    expect((await press({ origin: BASE })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
  });

  it('lets a link sign in once: the second follow is a page saying it was used', async () => {
    const email = freshEmail();
    await askLink(email);
    const link = linkIn(email);
    expect((await follow(link)).statusCode).toBe(303);
    const again = await follow(link);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('has been used already');

    const bogus = await follow(`${BASE}/console/magic/${'A'.repeat(43)}`);
    expect(bogus.statusCode).toBe(404);
    expect(bogus.body).toContain('not a sign-in link');
  });

  it('lets a link expire after 15 minutes', async () => {
    const early = freshEmail();
    const late = freshEmail();
    await askLink(early);
    await askLink(late);
    t.clock.advance(15 * MINUTE - 1000);
    expect((await follow(linkIn(early))).statusCode).toBe(303);
    t.clock.advance(1000);
    const expired = await follow(linkIn(late));
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('has expired');
  });

  it('ends a session 12 hours after its last request, and 7 days after sign-in however it is used', async () => {
    const idle = await signIn();
    t.clock.advance(11 * HOUR);
    expect((await getSession(idle)).statusCode).toBe(200);
    // Idle time counts from the last request, not from sign-in.
    t.clock.advance(11 * HOUR);
    expect((await getSession(idle)).statusCode).toBe(200);
    t.clock.advance(12 * HOUR);
    expectProblem(await getSession(idle), 'unauthorized');

    const busy = await signIn();
    for (let used = 0; used < 7 * DAY - 10 * HOUR; used += 10 * HOUR) {
      t.clock.advance(10 * HOUR);
      expect((await getSession(busy)).statusCode).toBe(200);
    }
    t.clock.advance(10 * HOUR);
    expect(expectProblem(await getSession(busy), 'unauthorized').detail).toMatch(/sign in again/);
  });

  it('lists the user\'s sessions, signs out one, and signs out everywhere', async () => {
    const email = freshEmail();
    const a = await signIn(email);
    const b = await signIn(email);
    const c = await signIn(email);
    const list = await t.app.inject({ method: 'GET', url: '/v1/auth/sessions', headers: cookie(a) });
    expect(list.statusCode, list.body).toBe(200);
    const sessions = list.json().data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const current = (await getSession(a)).json().session.id;
    expect(sessions.find((s: { current: boolean }) => s.current).id).toBe(current);
    expect(sessions[0].user_agent).toBe('console-test');

    // Sign out: this session ends, its cookie is cleared, the others go on.
    const out = await post('/v1/auth/sign-out', a);
    expect(out.statusCode, out.body).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^fds_session=; .*Max-Age=0/);
    expectProblem(await getSession(a), 'unauthorized');
    expect((await getSession(b)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/sessions', headers: cookie(b) })).json().data).toHaveLength(2);

    // Ending another session by id; someone else's is not found.
    const cId = (await getSession(c)).json().session.id;
    const stranger = await signIn();
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${cId}`, headers: { ...cookie(stranger), origin: BASE } }), 'not_found');
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${cId}`, headers: { ...cookie(b), origin: BASE } })).statusCode).toBe(204);
    expectProblem(await getSession(c), 'unauthorized');

    const d = await signIn(email);
    const everywhere = await post('/v1/auth/sign-out-everywhere', b);
    expect(everywhere.statusCode, everywhere.body).toBe(204);
    expectProblem(await getSession(b), 'unauthorized');
    expectProblem(await getSession(d), 'unauthorized');
    expect((await getSession(stranger)).statusCode).toBe(200);
  });

  it('switches the session to another of the user\'s organisations, with the role there, and not to one the user is not in', async () => {
    const secret = await signIn();
    const own = (await getSession(secret)).json();
    const other = await t.newTenant();
    const stranger = await t.newTenant();
    await t.runtime.services.db.insertInto('memberships').values({ user_id: own.user.id, organization_id: other.organizationId, role: 'viewer', created_at: t.clock.now() }).execute();
    const switchTo = (organization_id: string, headers: Record<string, string> = { origin: BASE }) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/session/organization', headers: { ...cookie(secret), ...headers }, payload: { organization_id } });

    expectProblem(await switchTo(stranger.organizationId), 'not_found');
    expectProblem(await switchTo(other.organizationId, {}), 'forbidden');
    const switched = await switchTo(other.organizationId);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().organization).toMatchObject({ id: other.organizationId, role: 'viewer' });
    const now = (await getSession(secret)).json();
    expect(now.organization).toMatchObject({ id: other.organizationId, role: 'viewer' });
    expect(now.memberships.map((m: { organization_id: string }) => m.organization_id)).toEqual([own.organization.id, other.organizationId]);
    expect((await switchTo(own.organization.id)).json().organization).toMatchObject({ id: own.organization.id, role: 'owner' });
  });

  it('signs out from the landing page\'s form', async () => {
    const secret = await signIn();
    const res = await t.app.inject({ method: 'POST', url: '/console/sign-out', headers: { ...cookie(secret), origin: BASE, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(res.statusCode, res.body).toBe(303);
    expectProblem(await getSession(secret), 'unauthorized');
    expect((await t.app.inject({ method: 'GET', url: '/console', headers: cookie(secret) })).body).toContain('You are not signed in');
  });

  it('refuses API keys on console routes (forbidden) and requests without a session (unauthorized)', async () => {
    const tenant = await t.newTenant();
    for (const url of ['/v1/auth/session', '/v1/auth/sessions', '/v1/auth/members']) {
      expectProblem(await t.app.inject({ method: 'GET', url, headers: t.auth(tenant.testKey) }), 'forbidden');
      expectProblem(await t.app.inject({ method: 'GET', url }), 'unauthorized');
      expectProblem(await t.app.inject({ method: 'GET', url, headers: cookie('not-a-session') }), 'unauthorized');
    }
  });

  it('refuses a state-changing console call without an Origin or from a foreign one, and takes its own', async () => {
    const secret = await signIn();
    const none = await post('/v1/auth/sign-out', secret, {});
    expect(expectProblem(none, 'forbidden').detail).toMatch(/neither Origin nor Referer/);
    const foreign = await post('/v1/auth/sign-out', secret, { origin: 'https://evil.example' });
    expect(expectProblem(foreign, 'forbidden').detail).toMatch(/comes from https:\/\/evil\.example/);
    const sibling = await post('/v1/auth/sign-out', secret, { referer: 'https://other.fds.example/console' });
    expectProblem(sibling, 'forbidden');
    // Still signed in: the refused calls changed nothing.
    expect((await getSession(secret)).statusCode).toBe(200);
    expect((await post('/v1/auth/sign-out', secret, { referer: `${BASE}/console` })).statusCode).toBe(204);
  });

  it('deletes links and sessions a day after they ended (purge-console-auth), and keeps what still works', async () => {
    const db = t.runtime.services.db;
    const email = freshEmail();
    const start = t.clock.now().getTime();
    const open = await signIn(email);
    const leaving = await signIn(email);
    expect((await post('/v1/auth/sign-out', leaving)).statusCode).toBe(204);
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const sessions = () => db.selectFrom('console_sessions').select(['revoked_at']).where('user_id', '=', user.id).execute();
    const links = () => db.selectFrom('magic_links').select('token_hash').where('email', '=', email).execute();
    const purgeAt = (ms: number) => purgeConsoleAuthJob.handle({ ...t.runtime.services, clock: new ManualClock(new Date(start + ms)) }, {});

    await purgeAt(2 * HOUR);
    expect(await sessions()).toHaveLength(2);
    expect(await links()).toHaveLength(2);

    await purgeAt(25 * HOUR);
    expect(await links()).toHaveLength(0);
    expect(await sessions()).toEqual([{ revoked_at: null }]);
    expect((await getSession(open)).statusCode).toBe(200);

    // Seven days (CONSOLE_SESSION_MAX_DAYS) and one more after sign-in, the open session is gone too.
    await purgeAt(8 * 24 * HOUR + HOUR);
    expect(await sessions()).toHaveLength(0);
  });
});
