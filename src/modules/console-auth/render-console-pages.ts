/**
 * The pages of a sign-in or invitation link: the confirmation, and the answer to a link that cannot
 * be used (the console's own pages are in src/modules/console/). No script, no outside files.
 */

/** Inline styles only; the one form posts to this origin. */
export const CONSOLE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;font-size:1.05rem;padding:.6rem 1.4rem;border-radius:.35rem;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer}.muted{color:#5f6b7a;font-size:.92rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

/**
 * The page a sign-in link opens: one button that signs in (a POST to the same address). Following
 * the link alone spends nothing, so a mail scanner that opens every link does not use it up.
 */
export function renderConfirmSignIn(email: string): string {
  return page(
    'Sign in to the console',
    `<p>Sign in as <strong>${escapeHtml(email)}</strong>.</p>
<form method="post"><button type="submit">Sign in</button></form>
<p class="muted">The link works once, within 15 minutes of the e-mail. If you did not ask to sign in, close this page: nothing happens.</p>`,
  );
}

/** The page an invitation link opens: what accepting does, and one button that does it. */
export function renderConfirmInvitation(invitation: { email: string; organizationName: string; role: string }): string {
  return page(
    `Join ${invitation.organizationName}`,
    `<p>You are invited to join <strong>${escapeHtml(invitation.organizationName)}</strong> as <strong>${escapeHtml(invitation.role)}</strong>, signed in as <strong>${escapeHtml(invitation.email)}</strong>.</p>
<form method="post"><button type="submit">Accept and sign in</button></form>
<p class="muted">The invitation works once, within 7 days. If you do not want to join, close this page: nothing happens.</p>`,
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
