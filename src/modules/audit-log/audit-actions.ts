/**
 * The actions the audit log records, `<resource>.<verb>`. Console sign-in records `user.signed_in`
 * and, at a first sign-in, `member.joined` (the new organisation's owner); members and invitations
 * (src/modules/members/) record the member and invitation acts and `organization.updated` (console
 * settings); a user's second factor `two_factor.*` in every organisation of the user; an erasure of
 * a data subject `erasure.completed` (src/modules/privacy/, never with the erased values); a GDPR
 * export `export.requested`; provider routing rules `routing_rule.*`; a driver session's grant
 * revoked by the organisation `driver_session.revoked` (never the phone number); console sign-outs,
 * a session ended by its user and a spent recovery code, in the session's current organisation;
 * a webhook delivery replayed (API or console) or attempted ahead of its schedule (console); the
 * console's acts on shipments (src/modules/console/shipment-acts.ts: the API's own shipment acts are
 * in each shipment's event chain); shipment templates `shipment_template.*` (their name and which
 * fields changed, never the parties' values); a tour planned by a person in the console
 * `tour.created` (tours made by API keys are in the event feed).
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'webhook_delivery.replayed',
  'webhook_delivery.attempted_now',
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
  'export.requested',
  'routing_rule.created',
  'routing_rule.updated',
  'routing_rule.deleted',
  'routing_rule.reordered',
  'driver_session.revoked',
  'tour.created',
  'user.signed_out',
  'user.signed_out_everywhere',
  'console_session.revoked',
  'two_factor.recovery_code_used',
  'shipment.created',
  'shipment.updated',
  'shipment.issued',
  'shipment.cancelled',
  'signature_request.sent',
  'signature_request.resent',
  'signature_request.revoked',
  'invoice.issued',
  'shipment_template.created',
  'shipment_template.updated',
  'shipment_template.deleted',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
