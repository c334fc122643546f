/**
 * The console's server-rendered pages of this point: the landing page (`/console`, who is signed
 * in, sign out) and the answer to a sign-in link that cannot be used. No script, no outside files:
 * the full console comes later.
 */
import type { ConsoleSessionView } from './console-auth.schema.js';

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

export function renderConsoleLanding(view: ConsoleSessionView | undefined): string {
  if (!view) return page('Console', '<p>You are not signed in. Ask for a sign-in link by e-mail (<code>POST /v1/auth/magic-links</code>) and follow it.</p>');
  const org = view.organization;
  return page(
    'Console',
    `<p>Signed in as <strong>${escapeHtml(view.user.email)}</strong>.</p>
<p>Organisation: <strong>${escapeHtml(org.name)}</strong> (${escapeHtml(org.id)}), your role: ${escapeHtml(org.role)}; ${org.live_enabled ? 'cleared for live mode' : 'sandbox only (live mode not cleared yet)'}.</p>
<p>This session ends at ${escapeHtml(view.session.expires_at)} unless you keep using it, and at ${escapeHtml(view.session.absolute_expires_at)} at the latest.</p>
<form method="post" action="/console/sign-out"><button type="submit">Sign out</button></form>`,
  );
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
