/**
 * The smaller pages around a shipment's: its eFTI dataset as JSON (what GET /v1/shipments/{id}/efti
 * answers), and the console's 404 page for a shipment or file that is not this organisation's.
 */
import type { Mode } from '../../core/mode.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import type { EftiDataset } from '../efti/efti.schema.js';
import { renderConsoleFrame } from './console-layout.js';
import { codeBlock, esc, hrefWith } from './console-page-parts.js';
import type { ConsoleLanguage } from './console-words.js';
import { CONSOLE_SHIPMENTS_PATH, shipmentPageHref } from './shipment-list-page.js';
import { SHIPMENT_WORDS } from './shipment-words.js';

export function renderEftiPage(language: ConsoleLanguage, view: ConsoleSessionView, mode: Mode, shipmentId: string, dataset: EftiDataset): string {
  const w = SHIPMENT_WORDS[language];
  const body = `<p><a href="${esc(shipmentPageHref(shipmentId, mode))}">${esc(w.shipment)} <code>${esc(shipmentId)}</code></a> · <a href="${esc(hrefWith(`${CONSOLE_SHIPMENTS_PATH}/${shipmentId}/efti.xml`, { mode }))}">${esc(w.eftiXml)}</a></p>
${codeBlock(JSON.stringify(dataset))}`;
  return renderConsoleFrame({ language, view, active: 'shipments', title: w.efti, body });
}

export function renderNotFoundPage(language: ConsoleLanguage, view: ConsoleSessionView): string {
  const w = SHIPMENT_WORDS[language];
  const body = `<p>${esc(w.notFoundText)}</p><p><a href="${CONSOLE_SHIPMENTS_PATH}">${esc(w.back)}</a></p>`;
  return renderConsoleFrame({ language, view, active: 'shipments', title: w.notFound, body });
}
