/**
 * Outbound webhook HTTP: one POST, bounded in time, never following redirects, refusing to
 * connect to a non-public address (checked on the address actually connected to, so a name that
 * resolves somewhere private at attempt time is refused), keeping at most `maxAnswerBytes` of
 * the answer. It never throws: a failure is an outcome with `error`.
 */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /**
   * The endpoint was created under WEBHOOK_ALLOW_PRIVATE_TARGETS: a private address or plain http
   * may be used if this process allows them too. Absent or false: public https targets only.
   */
  privateTargets?: boolean;
}

export interface WebhookOutcome {
  /** The receiver's status code; absent when no answer came (refused, unreachable, timed out). */
  status?: number;
  /** The first bytes of the answer, as text. */
  answer: string;
  /** Why the attempt failed before an answer, in words. */
  error?: string;
  durationMs: number;
}

export interface WebhookTransport {
  post(request: WebhookRequest): Promise<WebhookOutcome>;
  close(): void;
}
