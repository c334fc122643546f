/**
 * Slow clients over real sockets: a request whose bytes trickle in, and a connection left idle.
 * Each resolves with what the service did and when, so a test can hold it to the configured limits.
 */
import type { Socket } from 'node:net';
import { openSocket, readAnswer, type RawAnswer } from './raw-http.js';

export interface Cutoff {
  /** The answer before the close (status 0 when the service closed without one). */
  answer: RawAnswer;
  /** Milliseconds from the first byte until the service closed the connection. */
  afterMs: number;
  /** Bytes the client had sent by then. */
  bytesSent: number;
}

/**
 * Sends `head` and then `body` one byte every `intervalMs` (or all of `head` too, byte by byte, when
 * `trickleHead`), until the service closes the connection; gives up after `giveUpMs`.
 */
export async function trickle(baseUrl: string, options: { head: string; body?: string; intervalMs: number; trickleHead?: boolean; giveUpMs: number }): Promise<Cutoff> {
  const socket = await openSocket(baseUrl);
  const started = Date.now();
  const answer = readAnswer(socket, options.giveUpMs);
  const bytes = options.trickleHead ? options.head + (options.body ?? '') : options.body ?? '';
  let sent = 0;
  if (!options.trickleHead) socket.write(options.head);
  const sendByte = () => {
    if (socket.destroyed || socket.writableEnded) return;
    // Past the end of the body, keep the request incomplete by repeating its last byte.
    socket.write(bytes[Math.min(sent, bytes.length - 1)] ?? ' ');
    sent += 1;
  };
  sendByte();
  const timer = setInterval(sendByte, options.intervalMs);
  try {
    const res = await answer;
    return { answer: res, afterMs: Date.now() - started, bytesSent: sent };
  } finally {
    clearInterval(timer);
    socket.destroy();
  }
}

/** Makes one keep-alive request and resolves with the milliseconds the service then left the idle connection open. */
export async function idleAfterRequest(baseUrl: string, request: string, giveUpMs: number): Promise<{ status: number; idleMs: number }> {
  const socket: Socket = await openSocket(baseUrl);
  return new Promise((resolve, reject) => {
    let text = '';
    let answeredAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the idle connection was still open after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.setEncoding('latin1');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (!answeredAt && text.includes('\r\n\r\n')) answeredAt = Date.now();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ status: Number(text.split(' ')[1]), idleMs: Date.now() - answeredAt });
    });
    socket.write(request);
  });
}
