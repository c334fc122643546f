/**
 * A webhook delivery's state as the console says it, so that the four are never mistaken for one
 * another: succeeded; pending before its first answer; pending after a failed attempt — retrying,
 * with the next attempt's time (in the member's zone); failed after its last attempt (in the dead-letter queue); dead
 * (stranded there). The API's status is always shown beside the words. Also the attempt table's
 * Response cell (status and the answer's first lines) and Error cell (only when no answer came).
 */
import { MAX_ATTEMPTS } from '../webhooks/delivery-policy.js';
import type { WebhookDeliveryDetailView, WebhookDeliveryView } from '../webhooks/webhook-delivery-view.js';
import { esc, when } from './console-page-parts.js';
import type { ConsoleLanguage } from './console-words.js';

/** The console's name of a delivery's state: the API's status, with `retrying` told apart from a first wait. */
export type DeliveryState = 'succeeded' | 'pending' | 'retrying' | 'failed' | 'dead';

/** How much of an answer the attempt table shows; the delivery's detail shows the stored 4 KB. */
const EXCERPT_CHARS = 300;

const WORDS = {
  en: {
    label: { succeeded: 'Succeeded', pending: 'Pending', retrying: 'Failing, retrying', failed: 'Failed', dead: 'Dead' },
    explain: {
      succeeded: (d: WebhookDeliveryView) => `The receiver answered ${d.response_status ?? '2xx'} on attempt ${d.attempts}.`,
      pending: (d: WebhookDeliveryView, zone: string) => `Waiting for its first attempt, due ${when(d.next_attempt_at, zone)}.`,
      retrying: (d: WebhookDeliveryView, zone: string) => `Attempt ${d.attempts} of ${MAX_ATTEMPTS} failed. Next attempt ${when(d.next_attempt_at, zone)}.`,
      failed: (d: WebhookDeliveryView) => `${d.attempts === 1 ? 'Its one attempt' : `All ${d.attempts} attempts`} failed; it is in the dead-letter queue. Retrying sends the event again as a new delivery.`,
      dead: () => 'Failed, and not sent successfully within 7 days after: stranded in the dead-letter queue. Retrying still sends the event again.',
    },
    nextShort: (at: string) => `next ${at}`,
    noAnswer: 'no answer',
  },
  nl: {
    label: { succeeded: 'Gelukt', pending: 'Wachtend', retrying: 'Mislukt, wordt herhaald', failed: 'Mislukt', dead: 'Opgegeven' },
    explain: {
      succeeded: (d: WebhookDeliveryView) => `De ontvanger antwoordde ${d.response_status ?? '2xx'} bij poging ${d.attempts}.`,
      pending: (d: WebhookDeliveryView, zone: string) => `Wacht op de eerste poging, gepland ${when(d.next_attempt_at, zone)}.`,
      retrying: (d: WebhookDeliveryView, zone: string) => `Poging ${d.attempts} van ${MAX_ATTEMPTS} is mislukt. Volgende poging ${when(d.next_attempt_at, zone)}.`,
      failed: (d: WebhookDeliveryView) => `${d.attempts === 1 ? 'De enige poging is' : `Alle ${d.attempts} pogingen zijn`} mislukt; de aflevering staat in de dead-letter-wachtrij. Opnieuw sturen maakt een nieuwe aflevering van dezelfde gebeurtenis.`,
      dead: () => 'Mislukt, en binnen 7 dagen daarna niet alsnog afgeleverd: achtergebleven in de dead-letter-wachtrij. Opnieuw sturen kan nog steeds.',
    },
    nextShort: (at: string) => `volgende ${at}`,
    noAnswer: 'geen antwoord',
  },
  de: {
    label: { succeeded: 'Zugestellt', pending: 'Ausstehend', retrying: 'Fehlgeschlagen, wird wiederholt', failed: 'Fehlgeschlagen', dead: 'Aufgegeben' },
    explain: {
      succeeded: (d: WebhookDeliveryView) => `Der Empfänger antwortete bei Versuch ${d.attempts} mit ${d.response_status ?? '2xx'}.`,
      pending: (d: WebhookDeliveryView, zone: string) => `Wartet auf den ersten Versuch, fällig ${when(d.next_attempt_at, zone)}.`,
      retrying: (d: WebhookDeliveryView, zone: string) => `Versuch ${d.attempts} von ${MAX_ATTEMPTS} ist fehlgeschlagen. Nächster Versuch ${when(d.next_attempt_at, zone)}.`,
      failed: (d: WebhookDeliveryView) => `${d.attempts === 1 ? 'Der einzige Versuch ist' : `Alle ${d.attempts} Versuche sind`} fehlgeschlagen; die Zustellung liegt in der Dead-Letter-Warteschlange. Erneut senden stellt das Ereignis als neue Zustellung noch einmal zu.`,
      dead: () => 'Fehlgeschlagen und auch in den 7 Tagen danach nicht zugestellt: in der Dead-Letter-Warteschlange liegen geblieben. Erneut senden ist weiterhin möglich.',
    },
    nextShort: (at: string) => `nächster ${at}`,
    noAnswer: 'keine Antwort',
  },
  fr: {
    label: { succeeded: 'Réussie', pending: 'En attente', retrying: 'En échec, nouvel essai prévu', failed: 'Échouée', dead: 'Abandonnée' },
    explain: {
      succeeded: (d: WebhookDeliveryView) => `Le destinataire a répondu ${d.response_status ?? '2xx'} à la tentative ${d.attempts}.`,
      pending: (d: WebhookDeliveryView, zone: string) => `En attente de la première tentative, prévue ${when(d.next_attempt_at, zone)}.`,
      retrying: (d: WebhookDeliveryView, zone: string) => `La tentative ${d.attempts} sur ${MAX_ATTEMPTS} a échoué. Prochaine tentative ${when(d.next_attempt_at, zone)}.`,
      failed: (d: WebhookDeliveryView) => `${d.attempts === 1 ? 'La seule tentative a' : `Les ${d.attempts} tentatives ont`} échoué ; la livraison est dans la file des messages en échec. Renvoyer envoie à nouveau l’événement dans une nouvelle livraison.`,
      dead: () => 'Échouée, et toujours pas livrée dans les 7 jours suivants : restée dans la file des messages en échec. Le renvoi reste possible.',
    },
    nextShort: (at: string) => `prochaine ${at}`,
    noAnswer: 'pas de réponse',
  },
  pl: {
    label: { succeeded: 'Dostarczono', pending: 'Oczekuje', retrying: 'Nieudane, ponawianie', failed: 'Nieudane', dead: 'Porzucone' },
    explain: {
      succeeded: (d: WebhookDeliveryView) => `Odbiorca odpowiedział ${d.response_status ?? '2xx'} przy próbie ${d.attempts}.`,
      pending: (d: WebhookDeliveryView, zone: string) => `Czeka na pierwszą próbę, zaplanowaną na ${when(d.next_attempt_at, zone)}.`,
      retrying: (d: WebhookDeliveryView, zone: string) => `Próba ${d.attempts} z ${MAX_ATTEMPTS} nie powiodła się. Następna próba ${when(d.next_attempt_at, zone)}.`,
      failed: (d: WebhookDeliveryView) => `${d.attempts === 1 ? 'Jedyna próba nie powiodła' : `Wszystkie próby (${d.attempts}) nie powiodły`} się; doręczenie trafiło do kolejki martwych wiadomości. Ponowienie wysyła zdarzenie jeszcze raz jako nowe doręczenie.`,
      dead: () => 'Nieudane i niedoręczone także w ciągu kolejnych 7 dni: pozostaje w kolejce martwych wiadomości. Ponowienie jest nadal możliwe.',
    },
    nextShort: (at: string) => `następna ${at}`,
    noAnswer: 'brak odpowiedzi',
  },
} as const;

/** Pending after an attempt that was answered or timed out: the delivery is failing and retrying. */
export function deliveryState(d: WebhookDeliveryView): DeliveryState {
  if (d.status !== 'pending') return d.status;
  return d.attempts > 0 && d.last_attempt_at !== null ? 'retrying' : 'pending';
}

/** The list's status cell: the state, the API's status, and for a pending delivery its next attempt. */
export function deliveryStateCell(language: ConsoleLanguage, zone: string, d: WebhookDeliveryView): string {
  const w = WORDS[language];
  const state = deliveryState(d);
  const next = d.status === 'pending' && d.next_attempt_at ? `<br><span class="muted">${esc(w.nextShort(when(d.next_attempt_at, zone)))}</span>` : '';
  return `<span data-state="${state}">${esc(w.label[state])}</span>${state === d.status ? '' : ` <code>${esc(d.status)}</code>`}${next}`;
}

/** The detail's status: the state in words, the API's status, and what it means now. */
export function deliveryStateFacts(language: ConsoleLanguage, zone: string, d: WebhookDeliveryView): string {
  const w = WORDS[language];
  const state = deliveryState(d);
  return `<strong id="delivery-state" data-state="${state}">${esc(w.label[state])}</strong> <code>${esc(d.status)}</code><br><span id="delivery-state-text">${esc(w.explain[state](d, zone))}</span>`;
}

type Attempt = WebhookDeliveryDetailView['attempt_history'][number];

/** What came back: the status and the first lines of the answer, or that none came. */
export function attemptResponseCell(language: ConsoleLanguage, a: Attempt): string {
  if (a.response_status === null) return a.outcome === 'in_progress' ? '' : `<span class="muted">${esc(WORDS[language].noAnswer)}</span>`;
  const body = a.response_body ? `<br><code>${esc(a.response_body.slice(0, EXCERPT_CHARS))}${a.response_body.length > EXCERPT_CHARS ? '…' : ''}</code>` : '';
  return `<strong>${esc(a.response_status)}</strong>${body}`;
}

/** Only an attempt that got no answer (refused, unreachable, timed out) has an error to show. */
export function attemptErrorCell(a: Attempt): string {
  return a.response_status === null && a.error ? esc(a.error) : '';
}
