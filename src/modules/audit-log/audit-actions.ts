/**
 * The actions the audit log records, `<resource>.<verb>`. Console sign-in records `user.signed_in`
 * and, at a first sign-in, `member.joined` (the new organisation's owner); a user's second factor
 * `two_factor.*` in every organisation of the user; members add theirs here when they record them.
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
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
