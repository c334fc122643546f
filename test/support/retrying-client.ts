/**
 * An API client that retries as a careful integrator does: the same request with the same
 * Idempotency-Key until it gets an answer, through connection failures, a process that is
 * restarting (503) and an idempotent request still running elsewhere (409 idempotency_in_progress).
 */

export interface Answer {
  status: number;
  body: any;
  /** Attempts that got no answer: the connection was refused (no process listening) or broke (the process died under it). */
  unanswered: number;
  /** Of those, the attempts the process died under: sent, never answered. */
  interrupted: number;
  /** The answer is a replay of an earlier attempt's (Idempotent-Replayed). */
  replayed: boolean;
  /** 5xx answers seen on the way, as `status code`. */
  serverErrors: string[];
}

export interface RetryingRequest {
  method: 'GET' | 'POST';
  path: string;
  key: string;
  idempotencyKey?: string;
  body?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends until a final answer comes or `deadline` (epoch ms) passes; then throws. */
export async function sendUntilAnswered(baseUrl: string, r: RetryingRequest, deadline: number): Promise<Answer> {
  let unanswered = 0;
  let interrupted = 0;
  const serverErrors: string[] = [];
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${r.method} ${r.path} got no final answer before the deadline (${unanswered} unanswered, ${serverErrors.join(', ')})`);
    let status: number;
    let body: any;
    let replayed = false;
    try {
      const res = await fetch(`${baseUrl}${r.path}`, {
        method: r.method,
        headers: {
          authorization: `Bearer ${r.key}`,
          ...(r.idempotencyKey ? { 'idempotency-key': r.idempotencyKey } : {}),
          ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      replayed = res.headers.get('idempotent-replayed') === 'true';
      const text = await res.text();
      body = text ? JSON.parse(text) : undefined;
    } catch (error) {
      unanswered++;
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') interrupted++;
      await sleep(100 + Math.random() * 300);
      continue;
    }
    if (status >= 500) serverErrors.push(`${status} ${body?.code}`);
    const retry = status === 503 || status === 429 || (status === 409 && body?.code === 'idempotency_in_progress') || (status === 500 && body?.code === 'pdf_render_failed');
    if (!retry) return { status, body, unanswered, interrupted, replayed, serverErrors };
    await sleep(100 + Math.random() * 200);
  }
}
