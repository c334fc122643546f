/**
 * The actions the audit log records, `<resource>.<verb>`. Console sign-in records `user.signed_in`
 * and, at a first sign-in, `member.joined` (the new organisation's owner); members and invitations
 * (src/modules/members/) record the member and invitation acts and `organization.updated` (console
 * settings); second factors add theirs here when they record them.
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'organization.live_enabled',
  'organization.live_disabled',
  'invoicing_profile.updated',
  'user.signed_in',
  'member.joined',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'invitation.revoked',
  'organization.updated',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
