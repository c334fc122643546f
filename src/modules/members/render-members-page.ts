/**
 * The members page (/console/members): the members with, where the viewer's role may act on them, a
 * role select and a remove button; the invite form; the pending invitations with their cancel
 * buttons. Server-rendered in the console frame, no script: every control is a form posting to
 * /console/members/… (members-pages.routes.ts). What a role may press comes from member-permissions.ts.
 */
import { localTime } from '../../core/local-time.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import type { MemberRole } from '../console-auth/console-auth.tables.js';
import { MEMBER_ROLES, roleMay } from '../console-auth/member-permissions.js';
import { renderConsoleFrame } from '../console/console-layout.js';
import { zoneOf } from '../console/console-page-parts.js';
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from '../console/console-words.js';
import { esc } from '../sign-app/html.js';
import type { Invitation, Member, MemberList } from './members.schema.js';
import { MEMBERS_WORDS } from './members-words.js';

/** Where the page's forms post. */
export const MEMBER_PAGE_PATHS = {
  page: '/console/members',
  invite: '/console/members/invitations',
  cancel: '/console/members/invitations/:id/cancel',
  role: '/console/members/:user_id/role',
  remove: '/console/members/:user_id/remove',
} as const;

export const pagePath = (template: string, id: string) => template.replace(/:[a-z_]+/, encodeURIComponent(id));

export interface MembersPage {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  list: MemberList;
  notice?: { text: string; error?: boolean };
  /** The invite form's values after a refusal, so they are not typed again. */
  invite?: { email: string; role: string };
}

/** When the actor (role) may change or remove `target`: members:manage, and owners:manage for an owner. */
const mayManage = (actor: MemberRole, target: MemberRole) => roleMay(actor, 'members:manage') && (target !== 'owner' || roleMay(actor, 'owners:manage'));
/** The roles the actor may hand out: owner only with owners:manage. */
const grantable = (actor: MemberRole) => MEMBER_ROLES.filter((r) => r !== 'owner' || roleMay(actor, 'owners:manage'));
/**
 * This page's own layout beside the frame's: a role select sits beside its button, and on a phone
 * each member or invitation is a block of labelled lines instead of a table row that would hide its
 * buttons beyond the right edge.
 */
const PAGE_STYLE = `<style>
table.people select{width:auto;margin:0}
table.people form.role{display:flex;flex-wrap:wrap;gap:.25rem .4rem;align-items:center;margin:0}
table.people form.role button,table.people td form button{margin:0}
@media (max-width:40rem){
table.people thead{position:absolute;left:-999px}
table.people tr{display:block;padding:.5rem 0;border-bottom:1px solid #dde1e6}
table.people td{display:block;border:0;padding:.15rem .75rem}
table.people td[data-label]::before{content:attr(data-label) ": ";color:#5f6b7a}
}
</style>`;

/** A moment on the member's clock, to the minute, with the zone named (their preferences, else UTC). */
export const shortTime = (iso: string, view: ConsoleSessionView) => localTime(iso, zoneOf(view));

function roleSelect(p: MembersPage, id: string, selected: string): string {
  const roles = CONSOLE_FRAME_WORDS[p.language].role;
  const options = grantable(p.view.organization.role)
    .map((r) => `<option value="${r}"${r === selected ? ' selected' : ''}>${esc(roles[r])}</option>`)
    .join('');
  return `<select id="${esc(id)}" name="role">${options}</select>`;
}

function memberRow(p: MembersPage, m: Member): string {
  const w = MEMBERS_WORDS[p.language];
  const actor = p.view.organization.role;
  const self = m.user_id === p.view.user.id;
  const roleName = esc(CONSOLE_FRAME_WORDS[p.language].role[m.role]);
  const roleCell = mayManage(actor, m.role)
    ? `<form class="role" method="post" action="${esc(pagePath(MEMBER_PAGE_PATHS.role, m.user_id))}"><label class="visually" for="role-${esc(m.user_id)}">${esc(w.role)} ${esc(m.email)}</label>${roleSelect(p, `role-${m.user_id}`, m.role)} <button type="submit" class="secondary">${esc(w.change)}</button></form>`
    : roleName;
  const remove =
    self || mayManage(actor, m.role)
      ? `<form class="inline" method="post" action="${esc(pagePath(MEMBER_PAGE_PATHS.remove, m.user_id))}"><button type="submit" class="danger">${esc(self ? w.leave : w.remove)}</button></form>`
      : '';
  return `<tr><td>${esc(m.email)}${self ? ` <span class="muted">${esc(w.you)}</span>` : ''}</td><td>${roleCell}</td><td data-label="${esc(w.joined)}">${esc(localTime(m.joined_at, zoneOf(p.view), { show: 'date' }))}</td><td data-label="${esc(w.lastSignIn)}">${esc(m.last_sign_in_at ? shortTime(m.last_sign_in_at, p.view) : w.never)}</td><td>${remove}</td></tr>`;
}

function invitationRow(p: MembersPage, i: Invitation): string {
  const w = MEMBERS_WORDS[p.language];
  const cancel = mayManage(p.view.organization.role, i.role)
    ? `<form class="inline" method="post" action="${esc(pagePath(MEMBER_PAGE_PATHS.cancel, i.id))}"><button type="submit" class="secondary">${esc(w.cancel)}</button></form>`
    : '';
  return `<tr><td>${esc(i.email)}</td><td data-label="${esc(w.role)}">${esc(CONSOLE_FRAME_WORDS[p.language].role[i.role])}</td><td data-label="${esc(w.expires)}">${esc(shortTime(i.expires_at, p.view))}${i.expired ? ` <strong>(${esc(w.expired)})</strong>` : ''}</td><td>${cancel}</td></tr>`;
}

function inviteForm(p: MembersPage): string {
  const w = MEMBERS_WORDS[p.language];
  return `<h2>${esc(w.invite)}</h2>
<form method="post" action="${MEMBER_PAGE_PATHS.invite}"><fieldset>
<p class="muted">${esc(w.inviteHelp)}</p>
<label for="invite-email">${esc(w.email)}</label><input type="email" id="invite-email" name="email" required maxlength="254" autocomplete="off" value="${esc(p.invite?.email ?? '')}">
<label for="invite-role">${esc(w.role)}</label>${roleSelect(p, 'invite-role', p.invite?.role ?? 'developer')}
<div><button type="submit">${esc(w.sendInvitation)}</button></div>
</fieldset></form>`;
}

export function renderMembersPage(p: MembersPage): string {
  const w = MEMBERS_WORDS[p.language];
  const members = `<div class="table-wrap"><table class="people"><thead><tr><th>${esc(w.email)}</th><th>${esc(w.role)}</th><th>${esc(w.joined)}</th><th>${esc(w.lastSignIn)}</th><th><span class="visually">${esc(w.actions)}</span></th></tr></thead>
<tbody>${p.list.data.map((m) => memberRow(p, m)).join('\n')}</tbody></table></div>`;
  const invitations = p.list.invitations.length
    ? `<div class="table-wrap"><table class="people"><thead><tr><th>${esc(w.email)}</th><th>${esc(w.role)}</th><th>${esc(w.expires)}</th><th><span class="visually">${esc(w.actions)}</span></th></tr></thead>
<tbody>${p.list.invitations.map((i) => invitationRow(p, i)).join('\n')}</tbody></table></div>`
    : `<p class="muted">${esc(w.noInvitations)}</p>`;
  const body = `${PAGE_STYLE}${members}
${roleMay(p.view.organization.role, 'members:manage') ? inviteForm(p) : ''}
<h2>${esc(w.pending)}</h2>
${invitations}`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'members', title: w.members, body, notice: p.notice });
}
