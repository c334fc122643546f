/**
 * The console's drivers page: the driver sessions that see the organisation's work (who, which
 * tour, since when, last seen) and, for a role that may, a revoke button that first asks.
 */
import type { Mode } from '../../core/mode.js';
import type { Page } from '../../core/pagination.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, hrefWith, modeField, modeSwitch, pager, table, timeHtml, zoneOf } from './console-page-parts.js';
import type { ConsoleLanguage } from './console-words.js';
import { driverWho as who, type DriverSessionLine } from './driver-session-line.js';
import { TOUR_WORDS } from './tour-words.js';


export function renderDriversPage(p: { language: ConsoleLanguage; view: ConsoleSessionView; mode: Mode; mayManage: boolean; lines: DriverSessionLine[]; page: Page<unknown>; onLaterPage: boolean; notice?: { text: string } }): string {
  const w = TOUR_WORDS[p.language];
  const rows = p.lines.map((line) => {
    const { session, tour } = line;
    const revoke =
      p.mayManage && session.status === 'active'
        ? `<a href="${esc(hrefWith(`/console/drivers/${session.id}/revoke`, { mode: p.mode }))}" aria-label="${esc(`${w.revoke}: ${who(line)}`)}">${esc(w.revoke)}</a>`
        : '';
    return [
      `${tour ? `${esc(tour.driver.name)}<br>` : ''}<span class="mono">${esc(session.phone)}</span>`,
      tour ? `<a href="${esc(hrefWith(`/console/tours/${tour.id}`, { mode: p.mode }))}">${esc(tour.name)}</a><br><span class="muted">${esc(tour.date)} · ${esc(w.tourStatus[tour.status])}</span>` : '—',
      timeHtml(session.created_at, zoneOf(p.view)),
      session.last_seen_at ? timeHtml(session.last_seen_at, zoneOf(p.view)) : `<span class="muted">${esc(w.never)}</span>`,
      `<span data-state="${esc(session.status)}">${esc(w.sessionStatus[session.status])}</span>`,
      revoke,
    ];
  });
  const body = `${modeSwitch(p.language, '/console/drivers', p.mode, p.view.organization.live_enabled)}<p class="muted">${esc(w.driversHelp)}</p>
${table([w.driver, w.tour, w.since, w.lastSeen, w.status, ''], rows, w.noSessions)}
${pager(p.language, '/console/drivers', { mode: p.mode }, p.page, p.onLaterPage)}`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'drivers', title: w.drivers, body, ...(p.notice ? { notice: p.notice } : {}) });
}

export function renderRevokeDriverPage(p: { language: ConsoleLanguage; view: ConsoleSessionView; mode: Mode; line: DriverSessionLine }): string {
  const w = TOUR_WORDS[p.language];
  const body = `<p>${esc(w.revokeText(who(p.line)))}</p>
<form method="post" action="/console/drivers/${esc(p.line.session.id)}/revoke">${modeField(p.mode)}<button type="submit" class="danger">${esc(w.confirmRevoke)}</button> <a href="${esc(hrefWith('/console/drivers', { mode: p.mode }))}">${esc(w.cancel)}</a></form>`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'drivers', title: w.revokeTitle, body });
}
