/**
 * The actions the audit log records, `<resource>.<verb>`. Console sign-in records `user.signed_in`
 * and, at a first sign-in, `member.joined` (the new organisation's owner); members and invitations
 * (src/modules/members/) record the member and invitation acts and `organization.updated` (console
 * settings); a user's second factor `two_factor.*` in every organisation of the user; an erasure of
 * a data subject `erasure.completed` (src/modules/privacy/, never with the erased values).
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
  'two_factor.enrolled',
  'two_factor.reset',
  'two_factor.recovery_codes_regenerated',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'invitation.revoked',
  'organization.updated',
  'erasure.completed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
