/** The operator CLI's acts are recorded in the audit log with the actor `{type: "cli"}` (no IP, no user agent). */
import type { ActSource } from '../core/context.js';

export const CLI_SOURCE: ActSource = { actor: { type: 'cli' } };
