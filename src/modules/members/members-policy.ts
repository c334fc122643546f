/** The fixed rules of invitations (docs/console-auth.md, "Invitations"): how long a link lives and where it points. */
export const INVITATION_TTL_MS = 7 * 86_400_000;
/** The path of the link in the e-mail, under PUBLIC_BASE_URL. */
export const INVITATION_PATH = '/console/invitations';
