/**
 * Queries on an organisation's members (`memberships` with their users) and its invitations. Every
 * query names the organisation: a member or invitation of another organisation is not found.
 */
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../ports/database.js';
import { keysetWindow, type KeysetWindow } from '../../ports/database-keyset.js';
import type { MemberRole } from '../console-auth/console-auth.tables.js';
import type { InvitationsTable } from './members.tables.js';

export interface MemberRow {
  user_id: string;
  email: string;
  role: MemberRole;
  joined_at: Date;
  last_sign_in_at: Date | null;
}

/** A member row with its keyset key: when it joined (UTC, to the microsecond), then the user id, as text that sorts in that order. */
export interface KeyedMemberRow extends MemberRow {
  sort_key: string;
}

/** The organisation's members in the window, by when they joined (`asc`: longest-standing first). */
export function listMemberRows(db: Database, organizationId: string, window: KeysetWindow): Promise<KeyedMemberRow[]> {
  const members = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'm.role', 'm.created_at as joined_at', 'u.last_sign_in_at'])
    .select(sql<string>`to_char(m.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || ' ' || m.user_id`.as('sort_key'))
    .where('m.organization_id', '=', organizationId);
  return keysetWindow(db.selectFrom(members.as('k')).selectAll(), 'k.sort_key', window).execute();
}

export function findMember(db: Database, organizationId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'm.role', 'm.created_at as joined_at', 'u.last_sign_in_at'])
    .where('m.organization_id', '=', organizationId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

export async function isMemberByEmail(db: Database, organizationId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.organization_id', '=', organizationId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the organisation's row for the rest of the transaction: member changes of one organisation
 * run one after the other, so two owners demoting each other at once cannot leave it without one.
 * FOR NO KEY UPDATE, not FOR UPDATE: rows that merely reference the organisation (audit rows, keys)
 * take KEY SHARE on it, and must not wait for, or deadlock with, a member change.
 */
export async function lockOrganizationMembers(db: Database, organizationId: string): Promise<void> {
  await db.selectFrom('organizations').select('id').where('id', '=', organizationId).forNoKeyUpdate().executeTakeFirst();
}

export async function countOwners(db: Database, organizationId: string): Promise<number> {
  const row = await db.selectFrom('memberships').select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', organizationId).where('role', '=', 'owner').executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setMemberRole(db: Database, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await db.updateTable('memberships').set({ role }).where('organization_id', '=', organizationId).where('user_id', '=', userId).execute();
}

export async function deleteMember(db: Database, organizationId: string, userId: string): Promise<void> {
  await db.deleteFrom('memberships').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute();
}

/** Adds the membership unless the user already has one there; true when added. */
export async function addMember(db: Database, m: { user_id: string; organization_id: string; role: MemberRole; created_at: Date }): Promise<boolean> {
  const row = await db.insertInto('memberships').values(m).onConflict((oc) => oc.columns(['user_id', 'organization_id']).doNothing()).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

export type InvitationRow = Selectable<InvitationsTable>;

/** Invitations not yet accepted nor cancelled, newest first; expired ones included (the page says so). */
export function listOpenInvitations(db: Database, organizationId: string): Promise<InvitationRow[]> {
  return db.selectFrom('invitations').selectAll().where('organization_id', '=', organizationId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Cancels the open invitation of the address, if any (a new one replaces it); its id. */
export async function revokeOpenInvitationOf(db: Database, organizationId: string, email: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Stores the invitation; false when a concurrent one for the same address was stored first. */
export async function insertInvitation(db: Database, invitation: InvitationRow): Promise<boolean> {
  const row = await db
    .insertInto('invitations')
    .values(invitation)
    .onConflict((oc) => oc.columns(['organization_id', 'email']).where('accepted_at', 'is', null).where('revoked_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Cancels one open invitation of the organisation; its row, or undefined when there is no such open one. */
export function revokeInvitation(db: Database, organizationId: string, id: string, now: Date): Promise<InvitationRow | undefined> {
  return db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function findOpenInvitation(db: Database, organizationId: string, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
}

/** What following the invitation would do, without spending it (its confirm page): the address, the organisation and the role. */
export async function peekInvitation(db: Database, tokenHash: string, now: Date): Promise<{ email: string; organizationName: string; role: MemberRole } | { refused: 'used' | 'expired' | 'revoked' | 'unknown' }> {
  const row = await db
    .selectFrom('invitations')
    .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
    .select(['invitations.email', 'invitations.role', 'invitations.accepted_at', 'invitations.revoked_at', 'invitations.expires_at', 'organizations.name'])
    .where('invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return { refused: 'unknown' };
  if (row.accepted_at) return { refused: 'used' };
  if (row.revoked_at) return { refused: 'revoked' };
  return row.expires_at > now ? { email: row.email, organizationName: row.name, role: row.role } : { refused: 'expired' };
}

/** Spends the invitation if open and unexpired (one statement: two followers cannot both win); else says why not. */
export async function spendInvitation(db: Database, tokenHash: string, now: Date): Promise<InvitationRow | { refused: 'used' | 'expired' | 'revoked' | 'unknown' }> {
  const spent = await db
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (spent) return spent;
  const row = await db.selectFrom('invitations').select(['accepted_at', 'revoked_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return { refused: !row ? 'unknown' : row.accepted_at ? 'used' : row.revoked_at ? 'revoked' : 'expired' };
}

export async function setInvitationAcceptedBy(db: Database, id: string, userId: string): Promise<void> {
  await db.updateTable('invitations').set({ accepted_by: userId }).where('id', '=', id).execute();
}
