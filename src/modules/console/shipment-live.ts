/**
 * The shipment page follows its shipment: the page carries a validator of the shipment's event
 * chain head (shipmentPageTag) and a small script of this origin (SHIPMENT_LIVE_SCRIPT, at
 * SHIPMENT_LIVE_SCRIPT_PATH) asks for the page again every few seconds with If-None-Match. While
 * nothing happened the answer is an empty 304 (one small query); when an event arrived, the
 * script swaps the page's parts that follow the shipment (`[data-live]`) for the new ones, and
 * the act bar too unless the member is using it. Without script the page is complete; a reload
 * shows the same.
 */
import { createHash } from 'node:crypto';
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { selectShipmentEvents } from '../events/events.repository.js';
import type { ConsoleLanguage } from './console-words.js';

export const SHIPMENT_LIVE_SCRIPT_PATH = '/console/assets/shipment-live.js';

/** How often an open shipment page asks whether its shipment changed. */
export const SHIPMENT_POLL_MS = 3000;

export const SHIPMENT_LIVE_WORDS: Record<ConsoleLanguage, { updated: string }> = {
  en: { updated: 'New events arrived; the page shows them.' },
  nl: { updated: 'Er zijn nieuwe gebeurtenissen; de pagina toont ze.' },
  de: { updated: 'Neue Ereignisse sind eingetroffen; die Seite zeigt sie.' },
  fr: { updated: 'De nouveaux événements sont arrivés ; la page les affiche.' },
  pl: { updated: 'Pojawiły się nowe zdarzenia; strona je pokazuje.' },
};

export const SHIPMENT_LIVE_SCRIPT = `'use strict';
(function () {
  var head = document.getElementById('shipment-live');
  if (!head || !window.fetch || !window.DOMParser) return;
  var url = head.getAttribute('data-src');
  var tag = head.getAttribute('data-etag');
  function swap(html) {
    var next = new DOMParser().parseFromString(html, 'text/html');
    var parts = document.querySelectorAll('[data-live]');
    for (var i = 0; i < parts.length; i++) {
      var fresh = next.querySelector('[data-live="' + parts[i].getAttribute('data-live') + '"]');
      if (fresh) parts[i].innerHTML = fresh.innerHTML;
    }
    var acts = document.getElementById('shipment-acts');
    var freshActs = next.getElementById('shipment-acts');
    // A form of the act bar the member is filling in is left as it is.
    if (acts && freshActs && !acts.contains(document.activeElement)) acts.innerHTML = freshActs.innerHTML;
    var status = document.getElementById('shipment-live-status');
    if (status) status.textContent = status.getAttribute('data-updated');
  }
  function poll() {
    fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: tag ? { 'if-none-match': tag } : {} })
      .then(function (r) {
        if (r.status !== 200) return;
        tag = r.headers.get('etag');
        return r.text().then(swap);
      })
      .catch(function () {})
      .then(function () { setTimeout(poll, ${SHIPMENT_POLL_MS}); });
  }
  setTimeout(poll, ${SHIPMENT_POLL_MS});
})();
`;

/**
 * The page's validator: the head of the shipment's chain (its last event's seq and hash) and what
 * else decides how the page reads (language, zone, role). `not_found` when the shipment is not
 * this organisation's in this mode, as the page itself would be.
 */
export async function shipmentPageTag(ctx: TenantContext, shipmentId: string, reader: { language: string; zone: string; role: string }): Promise<string> {
  const [head] = await selectShipmentEvents(ctx.db, ctx, shipmentId, { order: 'desc', limit: 1 });
  if (!head) throw new AppError('not_found', 'No such shipment.');
  const digest = createHash('sha256').update(JSON.stringify([head.seq, head.hash, reader.language, reader.zone, reader.role])).digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}
