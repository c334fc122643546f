/**
 * API key scopes: `<area>:read`, `<area>:write` and `<area>:manage` per functional area of the
 * service description. `webhooks:manage` is the one the spec names (Authentication, 6).
 */
export const SCOPES = [
  'shipments:read',
  'shipments:write',
  'documents:read',
  'documents:write',
  'signatures:read',
  'signatures:write',
  'remarks:read',
  'remarks:write',
  'pod:read',
  'invoice:read',
  'invoice:write',
  'webhooks:read',
  'webhooks:manage',
  'events:read',
  'request-logs:read',
  'audit-log:read',
  'notifications:read',
  'providers:read',
  'providers:manage',
  'requirements:read',
  'efti:read',
  'tours:read',
  'tours:write',
  'test:write',
  'export:manage',
  'privacy:manage',
  'usage:read',
  'billing:read',
] as const;

export type Scope = (typeof SCOPES)[number];

const SCOPE_SET: ReadonlySet<string> = new Set(SCOPES);

export function isScope(value: string): value is Scope {
  return SCOPE_SET.has(value);
}

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = Object.fromEntries(
  SCOPES.map((s) => {
    const [area, level] = s.split(':');
    const what = level === 'read' ? 'Read' : level === 'write' ? 'Create and change' : 'Manage';
    return [s, `${what} ${area?.replace('-', ' ')}`];
  }),
) as Record<Scope, string>;
