/**
 * What each member role may do in the console (docs/console-auth.md, "Roles"). One table, read by
 * the route table (`access: { consoleOnly: true, permission }`, checked in src/modules/console-auth/console-access.ts)
 * and by the pages, which show only the buttons a role may press.
 *
 * - owner: everything, including making or unmaking owners; an organisation always keeps one owner.
 * - admin: everything but ownership: members and invitations, organisation settings, keys, webhooks,
 *   shipments, invoices and tours.
 * - developer: API keys, webhook endpoints, shipments, tours and driver sessions, and reading everything.
 * - viewer: reading only (logs, events, deliveries, audit log, members, tours, driver sessions).
 * Every role manages its own sessions and its own second factor.
 */
import { AppError } from '../../core/errors.js';
import type { MemberRole } from './console-auth.tables.js';

export const MEMBER_ROLES: readonly MemberRole[] = ['owner', 'admin', 'developer', 'viewer'];

export type ConsolePermission =
  /** Read keys, endpoints, deliveries, request logs, events, the audit log, members and settings. */
  | 'console:read'
  /** Create and revoke API keys. */
  | 'api_keys:manage'
  /** Create, edit, delete endpoints, rotate secrets, send test pings, retry deliveries. */
  | 'webhooks:manage'
  /** Create and edit shipments, issue and cancel them, send, resend and revoke their sign links. */
  | 'shipments:manage'
  /** Issue the e-invoice of a delivered shipment. */
  | 'invoices:manage'
  /** Plan tours from issued shipments and revoke driver sessions. */
  | 'tours:manage'
  /** Invite members, change roles below owner, remove members, cancel invitations. */
  | 'members:manage'
  /** Grant or take the owner role. */
  | 'owners:manage'
  /** Name, default language, second factor for all. */
  | 'organization:manage';

const GRANTS: Record<MemberRole, readonly ConsolePermission[]> = {
  owner: ['console:read', 'api_keys:manage', 'webhooks:manage', 'shipments:manage', 'invoices:manage', 'tours:manage', 'members:manage', 'owners:manage', 'organization:manage'],
  admin: ['console:read', 'api_keys:manage', 'webhooks:manage', 'shipments:manage', 'invoices:manage', 'tours:manage', 'members:manage', 'organization:manage'],
  developer: ['console:read', 'api_keys:manage', 'webhooks:manage', 'shipments:manage', 'tours:manage'],
  viewer: ['console:read'],
};

export function roleMay(role: MemberRole, permission: ConsolePermission): boolean {
  return GRANTS[role].includes(permission);
}

/** Raises 403 `forbidden` when `role` lacks `permission`. */
export function requirePermission(role: MemberRole, permission: ConsolePermission): void {
  if (!roleMay(role, permission)) throw new AppError('forbidden', `Your role in this organisation (${role}) may not do this: it needs ${permission}, which ${rolesWith(permission).join(', ')} have.`);
}

export function rolesWith(permission: ConsolePermission): MemberRole[] {
  return MEMBER_ROLES.filter((role) => roleMay(role, permission));
}
