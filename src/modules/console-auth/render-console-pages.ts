/**
 * The answer to a sign-in link that cannot be used (the console's own pages are in
 * src/modules/console/). No script, no outside files.
 */

/** Inline styles only; the one form posts to this origin. */
export const CONSOLE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

const REFUSALS = {
  used: 'This sign-in link has been used already. Each link works once: ask for a new one.',
  expired: 'This sign-in link has expired: links work for 15 minutes. Ask for a new one.',
  unknown: 'This is not a sign-in link of this service. Ask for a new one, and follow the link in the e-mail as it is.',
} as const;

export function renderLinkRefused(reason: keyof typeof REFUSALS): string {
  return page('Sign-in link not valid', `<p>${REFUSALS[reason]}</p>\n<p><a href="/console">Go to the console</a></p>`);
}

const INVITATION_REFUSALS = {
  used: 'This invitation has been accepted already. Each invitation link works once: sign in with a sign-in link instead.',
  expired: 'This invitation has expired: invitation links work for 7 days. Ask the person who invited you to invite you again.',
  revoked: 'This invitation has been withdrawn. Ask the organisation for a new one if you still need access.',
  unknown: 'This is not an invitation link of this service. Follow the link in the e-mail as it is, or ask for a new invitation.',
} as const;

/** The answer to an invitation link that cannot be used: the same page as for a sign-in link, in the invitation's words. */
export function renderInvitationRefused(reason: keyof typeof INVITATION_REFUSALS): string {
  return page('Invitation link not valid', `<p>${INVITATION_REFUSALS[reason]}</p>\n<p><a href="/console">Go to the console</a></p>`);
}
