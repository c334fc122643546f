/**
 * One tour's page: its facts and its progress, stop by stop (done, skipped or pending, and what
 * each still misses). The progress section is also served alone, as a fragment with an ETag
 * (`/console/tours/{id}/progress`): the page's one small script asks for it every few seconds and
 * swaps it in when it changed. The script is inline and allowed by its hash alone (TOUR_PAGE_CSP);
 * without script the page is complete and a reload shows the same.
 */
import { createHash } from 'node:crypto';
import type { Mode } from '../../core/mode.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import type { TourProgress } from '../tours/get-tour-progress.js';
import { CONSOLE_FRAME_CSP, renderConsoleFrame } from './console-layout.js';
import { esc, hrefWith, table, timeHtml, zoneOf } from './console-page-parts.js';
import type { ConsoleLanguage } from './console-words.js';
import { TOUR_WORDS } from './tour-words.js';

/** How often the open page asks whether the tour changed. */
export const PROGRESS_POLL_MS = 3000;

const SCRIPT = `(function(){var box=document.getElementById('progress');if(!box||!window.fetch)return;var url=box.getAttribute('data-src');var tag=box.getAttribute('data-etag');
function poll(){fetch(url,{credentials:'same-origin',cache:'no-store',headers:tag?{'if-none-match':tag}:{}}).then(function(r){if(r.status!==200)return;tag=r.headers.get('etag');return r.text().then(function(html){box.innerHTML=html;});}).catch(function(){}).then(function(){setTimeout(poll,${PROGRESS_POLL_MS});});}
setTimeout(poll,${PROGRESS_POLL_MS});})();`;

/** The console frame's policy, plus this one script (by its hash) and its requests to this origin. */
export const TOUR_PAGE_CSP = `${CONSOLE_FRAME_CSP}; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'; connect-src 'self'`;

/** The progress section's contents (the fragment the page swaps in). */
export function renderTourProgress(language: ConsoleLanguage, zone: string, progress: TourProgress): string {
  const w = TOUR_WORDS[language];
  const { tour } = progress;
  const through = tour.stops.filter((s) => s.status !== 'pending').length;
  const rows = tour.stops.map((stop, i) => {
    const facts = progress.stops[i]!;
    const missing = facts.missing.map((m) => w.missing[m]);
    const missingCell =
      missing.length === 0
        ? `<span class="muted">${esc(w.nothingMissing)}</span>`
        : stop.status === 'done'
          ? `${esc(w.closedWithout)}: ${esc(missing.join(', '))}`
          : stop.status === 'skipped'
            ? '<span class="muted">—</span>'
            : `<ul class="missing">${missing.map((m) => `<li>${esc(m)}</li>`).join('')}</ul>`;
    const reference = facts.shipment?.reference;
    return [
      String(stop.position),
      esc(w.kinds[stop.kind]),
      `${reference ? `${esc(reference)}<br>` : ''}<code>${esc(stop.shipment_id)}</code>`,
      `<span class="state ${esc(stop.status)}" data-stop-state="${esc(stop.status)}">${esc(w.stopStatus[stop.status])}</span>${stop.reason ? `<br><span class="muted">${esc(stop.reason)}</span>` : ''}`,
      stop.completed_at ? timeHtml(stop.completed_at, zone) : '—',
      missingCell,
    ];
  });
  return `<p id="tour-state"><strong data-state="${esc(tour.status)}">${esc(w.tourStatus[tour.status])}</strong> · ${esc(w.stopsDone(through, tour.stops.length))}</p>
${table([w.position, w.kind, w.shipment, w.status, w.completedAt, w.stillMissing], rows, w.noStops)}`;
}

/** The fragment's validator: changes whenever what the section shows changes. */
export function progressTag(html: string): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
}

export function renderTourPage(p: { language: ConsoleLanguage; view: ConsoleSessionView; mode: Mode; progress: TourProgress; notice?: { text: string } }): string {
  const w = TOUR_WORDS[p.language];
  const { tour } = p.progress;
  const vehicle = tour.vehicle ? [tour.vehicle.plate, tour.vehicle.trailer_plate].filter((v) => typeof v === 'string').join(' / ') : '—';
  const fragment = renderTourProgress(p.language, zoneOf(p.view), p.progress);
  const src = hrefWith(`/console/tours/${tour.id}/progress`, { mode: p.mode, lang: p.language });
  const warnings = tour.warnings.length > 0 ? `<h2>${esc(w.warnings)}</h2><ul>${tour.warnings.map((f) => `<li>${esc(f.message)}</li>`).join('')}</ul>` : '';
  const body = `<dl class="facts"><dt>${esc(w.date)}</dt><dd>${esc(tour.date)}</dd>
<dt>${esc(w.driver)}</dt><dd>${esc(tour.driver.name)} · ${esc(tour.driver.phone)}</dd>
<dt>${esc(w.vehicle)}</dt><dd>${esc(vehicle || '—')}</dd>
<dt>${esc(w.created)}</dt><dd>${timeHtml(tour.created_at, zoneOf(p.view))}</dd>
<dt>ID</dt><dd><code>${esc(tour.id)}</code></dd></dl>
<h2>${esc(w.progress)}</h2><p class="muted">${esc(w.progressHelp)}</p>
<section id="progress" aria-live="polite" data-src="${esc(src)}" data-etag="${esc(progressTag(fragment))}">${fragment}</section>
${warnings}<p><a href="${esc(hrefWith('/console/tours', { mode: p.mode }))}">${esc(w.back)}</a></p>
<script>${SCRIPT}</script>`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'tours', title: tour.name, body, ...(p.notice ? { notice: p.notice } : {}) });
}
