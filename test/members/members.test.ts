/**
 * Members, invitations and organisation settings: an invitation e-mailed through
 * a real SMTP server (test/support/smtp-sink.ts), read out of the mail and followed; role changes,
 * removal and leaving; the last owner kept; every console write refused to a viewer and every new
 * route to an API key; the Origin check; the audit row of each act; the settings' validation; the
 * per-organisation invitation window.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers } from '../../src/modules/members/list-members.js';
import { MEMBER_PATHS } from '../../src/modules/members/members.routes.js';
import { MEMBER_PAGE_PATHS } from '../../src/modules/members/render-members-page.js';
import { SETTINGS_PAGE_PATH } from '../../src/modules/members/render-settings-page.js';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders, followSignInLink, memberSessionHeaders } from '../support/console-session.js';
import { expectProblem } from '../support/problems.js';
import { decodedSubject, mailText, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const BASE = 'https://console.fds.example';
const INVITATION_LIMIT = 6;
const DAY = 86_400_000;
const freshEmail = () => `invitee-${randomUUID()}@transport.example`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const path = (template: string, id: string) => template.replace(/:[a-z_]+/, id);

type Headers = { cookie: string; origin: string };

describe.each(backends())('members and invitations on $name', (backend) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(backend, { env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, INVITATION_LIMIT: String(INVITATION_LIMIT), INVITATION_WINDOW_S: '3600' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const invite = (h: Headers, email: string, role = 'developer') => call('POST', MEMBER_PATHS.invitations, h, { email, role });
  const session = async (h: Headers) => (await call('GET', '/v1/auth/session', h)).json();

  /** A new owner with an organisation of their own. */
  async function owner() {
    const h = await consoleSessionHeaders(t);
    const view = await session(h);
    return { h, userId: view.user.id as string, organizationId: view.organization.id as string };
  }

  function linkIn(email: string): string {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails.length, `no mail to ${email}`).toBeGreaterThan(0);
    const match = /https:\/\/console\.fds\.example\/console\/invitations\/[A-Za-z0-9_-]+/.exec(mailText(mails.at(-1)!.raw));
    expect(match, mailText(mails.at(-1)!.raw)).not.toBeNull();
    return match![0];
  }
  const follow = (link: string) => followSignInLink(t, link, 'members-test');
  const cookieOf = (res: { headers: Record<string, unknown> }): Headers => ({ cookie: /fds_session=[^;]+/.exec(String(res.headers['set-cookie']))![0], origin: BASE });

  async function auditOf(organizationId: string, actions: string[]) {
    return t.runtime.services.db.selectFrom('audit_log').select(['action', 'actor', 'target_id', 'changes']).where('organization_id', '=', organizationId).where('mode', '=', 'test').where('action', 'in', actions).orderBy('seq').execute();
  }

  it('e-mails an invitation whose link, followed, signs a new address in as a member with the role, without an organisation of its own', async () => {
    const o = await owner();
    const email = freshEmail();
    const res = await invite(o.h, email.toUpperCase(), 'admin');
    expect(res.statusCode, res.body).toBe(201);
    const invitation = res.json();
    expect(invitation).toMatchObject({ email, role: 'admin', invited_by: o.userId, expired: false });
    expect(invitation.expires_at).toBe(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());

    const mail = smtp.received.find((m) => m.to.includes(email))!;
    expect(mail.raw).toMatch(/^Subject: Invitation to /m);
    const link = linkIn(email);
    const token = link.split('/').at(-1)!;
    const stored = await t.runtime.services.db.selectFrom('invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(await auditOf(o.organizationId, ['member.invited']))).not.toContain(token);

    const listed = (await call('GET', MEMBER_PATHS.members, o.h)).json();
    expect(listed.invitations.map((i: { id: string }) => i.id)).toEqual([invitation.id]);

    // Opening the link (as a mail scanner does) shows what accepting does, and spends nothing.
    const opened = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(`as <strong>admin</strong>, signed in as <strong>${email}</strong>`);
    expect(opened.body).toContain('<button type="submit">Accept and sign in</button>');
    expect(opened.headers['set-cookie']).toBeUndefined();
    const followed = await follow(link);
    expect(followed.statusCode, followed.body).toBe(303);
    expect(followed.headers.location).toBe('/console');
    const member = cookieOf(followed);
    const view = await session(member);
    expect(view.user.email).toBe(email);
    expect(view.organization).toMatchObject({ id: o.organizationId, role: 'admin' });
    expect(view.memberships).toHaveLength(1);

    const after = (await call('GET', MEMBER_PATHS.members, o.h)).json();
    expect(after.invitations).toEqual([]);
    expect(after.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [(await session(o.h)).user.email, 'owner'],
      [email, 'admin'],
    ]);

    const audit = await auditOf(o.organizationId, ['member.invited', 'member.joined', 'user.signed_in']);
    const acts = audit.filter((a) => a.action !== 'user.signed_in' || a.target_id === view.session.id);
    expect(acts.map((a) => a.action).slice(-3)).toEqual(['member.invited', 'member.joined', 'user.signed_in']);
    const [invited, joined, signedIn] = acts.slice(-3);
    expect(invited).toMatchObject({ actor: { type: 'user', id: o.userId }, target_id: invitation.id, changes: { email, role: 'admin' } });
    expect(joined).toMatchObject({ actor: { type: 'user', id: view.user.id }, target_id: view.user.id, changes: { role: 'admin', invitation_id: invitation.id } });
    expect(signedIn!.changes).toEqual({ method: 'invitation' });

    const again = await follow(link);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('accepted already');
    const bogus = await follow(`${BASE}/console/invitations/${'A'.repeat(43)}`);
    expect(bogus.statusCode).toBe(404);
    expect(bogus.body).toContain('not an invitation link');
  });

  it('brings an existing user into the inviting organisation beside their own; the link expires after 7 days', async () => {
    const o = await owner();
    const existing = await owner();
    const email = (await session(existing.h)).user.email as string;
    expect((await invite(o.h, email, 'viewer')).statusCode).toBe(201);
    const view = await session(cookieOf(await follow(linkIn(email))));
    expect(view.organization).toMatchObject({ id: o.organizationId, role: 'viewer' });
    expect(view.memberships.map((m: { organization_id: string }) => m.organization_id).sort()).toEqual([o.organizationId, existing.organizationId].sort());

    const late = freshEmail();
    expect((await invite(o.h, late)).statusCode).toBe(201);
    t.clock.advance(7 * DAY + 1000);
    const expired = await follow(linkIn(late));
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('expired');
    // Seven days on, the owner's session has ended too: read the list through the use case.
    const listed = await listMembers({ ...t.runtime.services, clock: t.clock, organizationId: o.organizationId, mode: 'test' });
    expect(listed.invitations.find((i) => i.email === late)).toMatchObject({ expired: true });
  });

  it('conflict for a member already; inviting again replaces the open invitation; only an owner invites an owner', async () => {
    const o = await owner();
    const admin = await memberSessionHeaders(t, o.organizationId, o.userId, 'admin');
    expect(expectProblem(await invite(o.h, admin.email), 'conflict').detail).toMatch(/member of this organisation already/);

    const email = freshEmail();
    const first = (await invite(o.h, email)).json();
    const firstLink = linkIn(email);
    const second = (await invite(o.h, email, 'viewer')).json();
    expect(second.id).not.toBe(first.id);
    const withdrawn = await follow(firstLink);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.body).toContain('withdrawn');
    expect((await call('GET', MEMBER_PATHS.members, o.h)).json().invitations.map((i: { id: string }) => i.id)).toEqual([second.id]);

    expect(expectProblem(await invite(admin, freshEmail(), 'owner'), 'forbidden').detail).toMatch(/owners:manage/);
    expect((await invite(admin, freshEmail(), 'admin')).statusCode).toBe(201);
    expect((await invite(o.h, freshEmail(), 'owner')).statusCode).toBe(201);
  });

  it('cancels an invitation: its link stops working, and it is on the audit log', async () => {
    const o = await owner();
    const email = freshEmail();
    const invitation = (await invite(o.h, email)).json();
    const res = await call('DELETE', path(MEMBER_PATHS.invitation, invitation.id), o.h);
    expect(res.statusCode, res.body).toBe(204);
    expect((await follow(linkIn(email))).statusCode).toBe(410);
    expectProblem(await call('DELETE', path(MEMBER_PATHS.invitation, invitation.id), o.h), 'not_found');
    expectProblem(await call('DELETE', path(MEMBER_PATHS.invitation, 'ivt_nonsense'), o.h), 'invalid_id');
    // Another organisation's invitation is not found either.
    const stranger = await owner();
    const theirs = (await invite(stranger.h, freshEmail())).json();
    expectProblem(await call('DELETE', path(MEMBER_PATHS.invitation, theirs.id), o.h), 'not_found');
    expect(await auditOf(o.organizationId, ['invitation.revoked'])).toEqual([{ action: 'invitation.revoked', actor: { type: 'user', id: o.userId }, target_id: invitation.id, changes: { email, role: 'developer' } }]);
  });

  it('changes roles (owners:manage for owner), recorded as {role: {from, to}}', async () => {
    const o = await owner();
    const admin = await memberSessionHeaders(t, o.organizationId, o.userId, 'admin');
    const dev = await memberSessionHeaders(t, o.organizationId, o.userId, 'developer');
    const res = await call('PATCH', path(MEMBER_PATHS.member, dev.userId), o.h, { role: 'viewer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user_id: dev.userId, email: dev.email, role: 'viewer' });
    expect((await session(dev)).organization.role).toBe('viewer');

    expectProblem(await call('PATCH', path(MEMBER_PATHS.member, dev.userId), admin, { role: 'owner' }), 'forbidden');
    expectProblem(await call('PATCH', path(MEMBER_PATHS.member, o.userId), admin, { role: 'admin' }), 'forbidden');
    expect((await call('PATCH', path(MEMBER_PATHS.member, dev.userId), admin, { role: 'developer' })).statusCode).toBe(200);
    expectProblem(await call('PATCH', path(MEMBER_PATHS.member, (await owner()).userId), o.h, { role: 'viewer' }), 'not_found');
    expectProblem(await call('PATCH', path(MEMBER_PATHS.member, 'usr_x'), o.h, { role: 'viewer' }), 'invalid_id');
    expectProblem(await call('PATCH', path(MEMBER_PATHS.member, dev.userId), o.h, { role: 'boss' }), 'validation_failed');

    const audit = await auditOf(o.organizationId, ['member.role_changed']);
    expect(audit.map((a) => [a.actor, a.target_id, a.changes])).toEqual([
      [{ type: 'user', id: o.userId }, dev.userId, { role: { from: 'developer', to: 'viewer' } }],
      [{ type: 'user', id: admin.userId }, dev.userId, { role: { from: 'viewer', to: 'developer' } }],
    ]);
  });

  it('keeps the last owner: not demoted, not removed, cannot leave; once another is owner, they can', async () => {
    const o = await owner();
    const demote = await call('PATCH', path(MEMBER_PATHS.member, o.userId), o.h, { role: 'admin' });
    expect(expectProblem(demote, 'conflict').detail).toMatch(/last owner/);
    expect(expectProblem(await call('DELETE', path(MEMBER_PATHS.member, o.userId), o.h), 'conflict').detail).toMatch(/last owner/);

    const second = await memberSessionHeaders(t, o.organizationId, o.userId, 'admin');
    expect((await call('PATCH', path(MEMBER_PATHS.member, second.userId), o.h, { role: 'owner' })).statusCode).toBe(200);
    expect((await call('DELETE', path(MEMBER_PATHS.member, o.userId), o.h)).statusCode).toBe(204);
    // Leaving ended the session there.
    expectProblem(await call('GET', MEMBER_PATHS.members, o.h), 'unauthorized');
    expect(expectProblem(await call('PATCH', path(MEMBER_PATHS.member, second.userId), second, { role: 'admin' }), 'conflict').detail).toMatch(/last owner/);
    expect(await auditOf(o.organizationId, ['member.removed'])).toEqual([{ action: 'member.removed', actor: { type: 'user', id: o.userId }, target_id: o.userId, changes: { email: (await t.runtime.services.db.selectFrom('users').select('email').where('id', '=', o.userId).executeTakeFirstOrThrow()).email, role: 'owner', left: true } }]);

    // The user who left has no organisation now: their next sign-in makes them a sandbox one.
    const signedBackIn = await consoleSessionHeaders(t, (await t.runtime.services.db.selectFrom('users').select('email').where('id', '=', o.userId).executeTakeFirstOrThrow()).email);
    expect((await session(signedBackIn)).organization).toMatchObject({ role: 'owner' });
  });

  it('two owners demoting each other at once: one wins, the organisation keeps an owner', async () => {
    const o = await owner();
    const second = await memberSessionHeaders(t, o.organizationId, o.userId, 'owner');
    const [a, b] = await Promise.all([
      call('PATCH', path(MEMBER_PATHS.member, second.userId), o.h, { role: 'admin' }),
      call('PATCH', path(MEMBER_PATHS.member, o.userId), second, { role: 'admin' }),
    ]);
    // The loser is refused either as the last owner (409, both checked their rights first) or, when
    // its rights are read after the winner's commit, as a member who is no longer an owner (403).
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(won.statusCode).toBe(200);
    expect([409, 403]).toContain(lost.statusCode);
    if (lost.statusCode === 409) expect(expectProblem(lost, 'conflict').detail).toMatch(/last owner/);
    else expectProblem(lost, 'forbidden');
    const owners = await t.runtime.services.db.selectFrom('memberships').select('user_id').where('organization_id', '=', o.organizationId).where('role', '=', 'owner').execute();
    expect(owners).toHaveLength(1);
  });

  it('removes a member, whose sessions there end; an admin may not remove an owner', async () => {
    const o = await owner();
    const admin = await memberSessionHeaders(t, o.organizationId, o.userId, 'admin');
    const dev = await memberSessionHeaders(t, o.organizationId, o.userId, 'developer');
    expectProblem(await call('DELETE', path(MEMBER_PATHS.member, o.userId), admin), 'forbidden');
    expect((await call('DELETE', path(MEMBER_PATHS.member, dev.userId), admin)).statusCode).toBe(204);
    expectProblem(await call('GET', '/v1/auth/session', dev), 'unauthorized');
    expectProblem(await call('DELETE', path(MEMBER_PATHS.member, dev.userId), admin), 'not_found');
    expect((await auditOf(o.organizationId, ['member.removed'])).map((a) => [a.actor, a.target_id, a.changes])).toEqual([[{ type: 'user', id: admin.userId }, dev.userId, { email: dev.email, role: 'developer' }]]);
    // A viewer may leave.
    const viewer = await memberSessionHeaders(t, o.organizationId, o.userId, 'viewer');
    expect((await call('DELETE', path(MEMBER_PATHS.member, viewer.userId), viewer)).statusCode).toBe(204);
  });

  it('updates the organisation settings, recorded as {field: {from, to}}; bad values are validation_failed', async () => {
    const o = await owner();
    const before = (await session(o.h)).organization.name;
    const res = await call('PATCH', MEMBER_PATHS.organization, o.h, { name: '  Transport Jansen BV ', default_language: 'nl', require_two_factor: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: o.organizationId, name: 'Transport Jansen BV', default_language: 'nl', require_two_factor: false, live_enabled: false });
    // Nothing changed: nothing recorded.
    expect((await call('PATCH', MEMBER_PATHS.organization, o.h, { default_language: 'nl' })).statusCode).toBe(200);
    expect((await call('PATCH', MEMBER_PATHS.organization, o.h, { require_two_factor: true })).json().require_two_factor).toBe(true);
    expect((await auditOf(o.organizationId, ['organization.updated'])).map((a) => a.changes)).toEqual([
      { name: { from: before, to: 'Transport Jansen BV' }, default_language: { from: 'en', to: 'nl' } },
      { require_two_factor: { from: false, to: true } },
    ]);
    // From now on the owner, who has no second factor, must set one up before anything else.
    expectProblem(await call('PATCH', MEMBER_PATHS.organization, o.h, { default_language: 'en' }), 'two_factor_required');
    await t.runtime.services.db.updateTable('organizations').set({ require_two_factor: false }).where('id', '=', o.organizationId).execute();

    for (const body of [{ default_language: 'es' }, { name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 'Jansen\nBcc: x@evil.example' }, { require_two_factor: 'yes' }, { live_enabled: true }]) {
      const bad = expectProblem(await call('PATCH', MEMBER_PATHS.organization, o.h, body), 'validation_failed');
      expect(bad.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    // Invitations now go out in Dutch.
    const dutch = freshEmail();
    expect((await invite(o.h, dutch)).statusCode).toBe(201);
    expect(smtp.received.find((m) => m.to.includes(dutch))!.raw).toMatch(/^Subject: Uitnodiging voor Transport Jansen BV/m);
    expect(mailText(smtp.received.find((m) => m.to.includes(dutch))!.raw)).toContain('De link werkt');
    const admin = await memberSessionHeaders(t, o.organizationId, o.userId, 'admin');
    // And then in German, and in Polish as the console speaks it.
    for (const [language, subject, text] of [['de', 'Einladung zu Transport Jansen BV', 'Der Link funktioniert einmal, innerhalb von'], ['pl', 'Zaproszenie do Transport Jansen BV', 'Link działa jeden raz, przez']] as const) {
      expect((await call('PATCH', MEMBER_PATHS.organization, admin, { default_language: language })).json().default_language).toBe(language);
      const to = freshEmail();
      expect((await invite(o.h, to)).statusCode).toBe(201);
      const mail = smtp.received.find((m) => m.to.includes(to))!;
      expect(decodedSubject(mail.raw)).toBe(subject);
      expect(mailText(mail.raw)).toContain(text);
    }
  });

  it('refuses a viewer every console write (403 forbidden), the JSON routes and the page forms alike', async () => {
    const o = await owner();
    const viewer = await memberSessionHeaders(t, o.organizationId, o.userId, 'viewer');
    const invitation = (await invite(o.h, freshEmail())).json();
    const openapi = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    // What every role may do for itself: its own sessions, its organisation switch, leaving.
    const selfService = new Set(['post /v1/auth/sign-out', 'post /v1/auth/sign-out-everywhere', 'delete /v1/auth/sessions/{id}', 'post /v1/auth/session/organization', 'post /v1/auth/magic-links']);
    // And its own second factor and preferences (language, time zone).
    selfService.add('put /v1/auth/preferences');
    for (const p of Object.keys(openapi.paths)) if (p.startsWith('/v1/auth/two-factor')) for (const m of Object.keys(openapi.paths[p]!)) selfService.add(`${m} ${p}`);
    const ids: Record<string, string> = { id: invitation.id, user_id: o.userId };
    const writes = Object.entries(openapi.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => p.startsWith('/v1/auth/') && m !== 'get' && !selfService.has(`${m} ${p}`))
        .map((m) => ({ method: m.toUpperCase() as 'POST' | 'PATCH' | 'DELETE', url: p.replace(/\{([a-z_]+)\}/g, (_, name: string) => ids[name]!) })),
    );
    expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual(expect.arrayContaining([`POST ${MEMBER_PATHS.invitations}`, `PATCH ${MEMBER_PATHS.organization}`]));
    const bodies: Record<string, object> = { [MEMBER_PATHS.invitations]: { email: freshEmail(), role: 'viewer' }, [MEMBER_PATHS.organization]: { name: 'Taken over' } };
    for (const w of writes) {
      const res = await call(w.method, w.url, viewer, bodies[w.url] ?? (w.method === 'PATCH' ? { role: 'viewer' } : undefined));
      expectProblem(res, 'forbidden');
    }
    const form = { ...viewer, 'content-type': 'application/x-www-form-urlencoded' };
    const pageForms = [
      [MEMBER_PAGE_PATHS.invite, `email=${freshEmail()}&role=viewer`],
      [path(MEMBER_PAGE_PATHS.cancel, invitation.id), ''],
      [path(MEMBER_PAGE_PATHS.role, o.userId), 'role=viewer'],
      [path(MEMBER_PAGE_PATHS.remove, o.userId), ''],
      [SETTINGS_PAGE_PATH, 'name=Taken+over&default_language=en'],
    ];
    for (const [url, payload] of pageForms) {
      const res = await t.app.inject({ method: 'POST', url: url!, headers: form, payload: payload! });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Your role may not do this.');
    }
    // Nothing changed.
    const after = (await call('GET', MEMBER_PATHS.members, o.h)).json();
    expect(after.data.find((m: { user_id: string }) => m.user_id === o.userId).role).toBe('owner');
    expect(after.invitations).toHaveLength(1);
    expect((await session(o.h)).organization.name).not.toBe('Taken over');
  });

  it('refuses API keys on every new route (403 forbidden), and a write from another origin', async () => {
    const tenant = await t.newTenant();
    const o = await owner();
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', MEMBER_PATHS.members],
      ['POST', MEMBER_PATHS.invitations],
      ['DELETE', path(MEMBER_PATHS.invitation, 'ivt_01JD0000000000000000000000')],
      ['PATCH', path(MEMBER_PATHS.member, o.userId)],
      ['DELETE', path(MEMBER_PATHS.member, o.userId)],
      ['PATCH', MEMBER_PATHS.organization],
    ];
    for (const [method, url] of routes) expectProblem(await t.app.inject({ method, url, headers: t.auth(tenant.testKey), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { role: 'viewer' } }) }), 'forbidden');

    const foreign = await call('PATCH', MEMBER_PATHS.organization, { ...o.h, origin: 'https://evil.example' }, { name: 'Hijacked' });
    expect(expectProblem(foreign, 'forbidden').detail).toMatch(/evil\.example/);
    expect((await session(o.h)).organization.name).not.toBe('Hijacked');
  });

  it('limits invitations per organisation (rate_limited) and sends nothing when the mail server refuses (service_unavailable)', async () => {
    const o = await owner();
    for (let i = 0; i < INVITATION_LIMIT - 1; i++) expect((await invite(o.h, freshEmail())).statusCode).toBe(201);
    const refused = freshEmail();
    smtp.refuse.add(refused);
    expectProblem(await invite(o.h, refused), 'service_unavailable');
    expect(await t.runtime.services.db.selectFrom('invitations').select('id').where('email', '=', refused).execute()).toEqual([]);
    const over = await invite(o.h, freshEmail());
    expect(expectProblem(over, 'rate_limited').detail).toMatch(/invitations per 3600 s for this organisation/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another organisation has a window of its own.
    expect((await invite((await owner()).h, freshEmail())).statusCode).toBe(201);
  });
});
