/**
 * The pages of a sign-in or invitation link: the confirmation, and the answer to a link that cannot
 * be used (the console's own pages are in src/modules/console/), in the visitor's language (`?lang=`,
 * else the browser's pick): no session says it yet. No script, no outside files.
 */
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from '../console/console-words.js';
import { SIGN_IN_LINK_WORDS, type InvitationRefusal, type LinkRefusal } from './sign-in-link-words.js';

/** Inline styles only; the one form posts to this origin. */
export const CONSOLE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(language: ConsoleLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;overflow-wrap:break-word}button{font:inherit;font-size:1.05rem;padding:.6rem 1.4rem;border-radius:.35rem;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer}.muted{color:#5f6b7a;font-size:.92rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

/** A sentence of the words with its `{name}` places filled, each value escaped and in bold. */
function withBold(sentence: string, values: Record<string, string>): string {
  return escapeHtml(sentence).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? `<strong>${escapeHtml(values[name]!)}</strong>` : whole));
}

/**
 * The page a sign-in link opens: one button that signs in (a POST to the same address). Following
 * the link alone spends nothing, so a mail scanner that opens every link does not use it up.
 */
export function renderConfirmSignIn(email: string, language: ConsoleLanguage): string {
  const w = SIGN_IN_LINK_WORDS[language];
  return page(
    language,
    w.signInTitle,
    `<p>${withBold(w.signInAs, { email })}</p>
<form method="post"><button type="submit">${escapeHtml(w.signIn)}</button></form>
<p class="muted">${escapeHtml(w.signInNote)}</p>`,
  );
}

/** The page an invitation link opens: what accepting does, and one button that does it. */
export function renderConfirmInvitation(invitation: { email: string; organizationName: string; role: string }, language: ConsoleLanguage): string {
  const w = SIGN_IN_LINK_WORDS[language];
  const roles: Record<string, string> = CONSOLE_FRAME_WORDS[language].role;
  return page(
    language,
    w.joinTitle(invitation.organizationName),
    `<p>${withBold(w.invited, { organization: invitation.organizationName, role: roles[invitation.role] ?? invitation.role, email: invitation.email })}</p>
<form method="post"><button type="submit">${escapeHtml(w.accept)}</button></form>
<p class="muted">${escapeHtml(w.invitationNote)}</p>`,
  );
}

export function renderLinkRefused(reason: LinkRefusal, language: ConsoleLanguage): string {
  const w = SIGN_IN_LINK_WORDS[language];
  return page(language, w.linkRefusedTitle, `<p>${escapeHtml(w.linkRefused[reason])}</p>\n<p><a href="/console?lang=${language}">${escapeHtml(w.goToConsole)}</a></p>`);
}

/** The answer to an invitation link that cannot be used: the same page as for a sign-in link, in the invitation's words. */
export function renderInvitationRefused(reason: InvitationRefusal, language: ConsoleLanguage): string {
  const w = SIGN_IN_LINK_WORDS[language];
  return page(language, w.invitationRefusedTitle, `<p>${escapeHtml(w.invitationRefused[reason])}</p>\n<p><a href="/console?lang=${language}">${escapeHtml(w.goToConsole)}</a></p>`);
}
