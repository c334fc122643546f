/**
 * What the console answers when a page cannot be shown to a signed-in member: a page in their
 * frame and language, not the API's JSON problem. A link whose query the page does not take (a
 * status it does not know, a day that does not exist, a cursor of another list: `bad_request`) is a
 * 400 page that names each bad parameter and leads to the page without them; a shipment or file of
 * another organisation or mode, or none at all, is the 404 page. Anything else, any request without
 * a console session, and any request that is not a GET (a form posted, the form's dry run: their
 * scripts read JSON) goes on to the service's problem handler.
 */
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { toAppError } from '../../http/problem.js';
import { consolePageContext, sendConsolePage } from './console-page.routes.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, hrefWith } from './console-page-parts.js';
import { CONSOLE_NAV, CONSOLE_NAV_PATHS, type ConsoleLanguage, type ConsoleNavKey } from './console-words.js';
import { renderNotFoundPage } from './shipment-extra-pages.js';

const WORDS: Record<ConsoleLanguage, { title: string; text: string; withoutThem: string }> = {
  en: { title: 'This link cannot be shown', text: 'The page does not take what its link asks for:', withoutThem: 'Open the page without them' },
  nl: { title: 'Deze link kan niet worden getoond', text: 'De pagina neemt niet aan waar de link om vraagt:', withoutThem: 'Open de pagina zonder' },
  de: { title: 'Dieser Link kann nicht angezeigt werden', text: 'Die Seite nimmt nicht an, was der Link verlangt:', withoutThem: 'Seite ohne sie öffnen' },
  fr: { title: 'Ce lien ne peut pas être affiché', text: 'La page n’accepte pas ce que demande son lien :', withoutThem: 'Ouvrir la page sans eux' },
  pl: { title: 'Tego linku nie można wyświetlić', text: 'Strona nie przyjmuje tego, o co prosi link:', withoutThem: 'Otwórz stronę bez nich' },
};

/** The navigation entry a console path belongs under: the longest one it starts with. */
function navOf(path: string): ConsoleNavKey {
  let best: ConsoleNavKey = 'overview';
  for (const key of CONSOLE_NAV) {
    const at = CONSOLE_NAV_PATHS[key];
    if ((path === at || path.startsWith(`${at}/`)) && at.length > CONSOLE_NAV_PATHS[best].length) best = key;
  }
  return best;
}

/** Installs the handler on a scope of console pages (see the top of this file). */
export function consolePageErrors(app: FastifyInstance, runtime: AppRuntime): void {
  app.setErrorHandler(async (error, request, reply) => {
    if (request.method !== 'GET' || !request.consoleSession) throw error;
    const problem = toAppError(error);
    if (problem.code !== 'not_found' && problem.code !== 'bad_request') throw error;
    const page = await consolePageContext(runtime, request);
    if (problem.code === 'not_found') return sendConsolePage(reply, renderNotFoundPage(page.language, page.view), 404);
    const w = WORDS[page.language];
    const path = request.url.split('?')[0]!;
    // Each parameter the page refused, with the value the link gave it; the API's sentence where none is named.
    const query = request.query as Record<string, unknown>;
    const names = [...new Set(problem.errors.map((e) => /^query\.([^.[]+)/.exec(e.path)?.[1]).filter((n): n is string => n !== undefined))];
    const typed = (name: string) => (typeof query[name] === 'string' ? ` = “${esc(query[name])}”` : '');
    const items = names.length > 0 ? names.map((n) => `<li><code>${esc(n)}</code>${typed(n)}</li>`).join('') : `<li>${esc(problem.message)}</li>`;
    const body = `<p>${esc(w.text)}</p><ul>${items}</ul><p><a href="${esc(hrefWith(path, { lang: page.language }))}">${esc(w.withoutThem)}</a></p>`;
    return sendConsolePage(reply, renderConsoleFrame({ language: page.language, view: page.view, active: navOf(path), title: w.title, body }), 400);
  });
}
