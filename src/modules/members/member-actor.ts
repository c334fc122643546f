/** Who acts on the members of an organisation: the signed-in user and their role there (the session's). */
import type { MemberRole } from '../console-auth/console-auth.tables.js';

export interface MemberActor {
  userId: string;
  role: MemberRole;
}
