/**
 * HTTP spoken byte by byte over a real socket to a listening app, for what `inject` and `fetch`
 * cannot send: bytes that are not HTTP, bodies that stop short of what their headers promise, bodies
 * that trickle in. The answer is read until the service closes the connection (or `timeoutMs`).
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** 0 when the connection closed without an answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Opens a socket to the app at `baseUrl` (a loopback address). */
export function openSocket(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the service writes to `socket` until it closes it, parsed as one answer. */
export function readAnswer(socket: Socket, timeoutMs = 20_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of the answer within ${timeoutMs} ms; read so far: ${text.slice(0, 200)}`));
    }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    // The service may reset a connection whose request it refuses mid-body: what arrived still counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(text));
    });
  });
}

function parseAnswer(text: string): RawAnswer {
  if (text === '') return { status: 0, headers: {}, body: '' };
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: headers['transfer-encoding'] === 'chunked' ? unchunk(body) : body };
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, line), 16);
    if (line < 0 || !(size > 0)) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

/** Sends `bytes` on a new connection and reads the whole answer (the request should say `connection: close`). */
export async function rawExchange(baseUrl: string, bytes: string | Buffer, timeoutMs?: number): Promise<RawAnswer> {
  const socket = await openSocket(baseUrl);
  const answer = readAnswer(socket, timeoutMs);
  socket.write(bytes);
  return answer;
}

/**
 * Sends `head` (which must say `Transfer-Encoding: chunked`), then `chunk` again and again as
 * chunks of the body, until the service answers or closes, or `maxBytes` went out: a body with no
 * declared length, whose size the service learns only by reading it.
 */
export async function streamUntilAnswered(baseUrl: string, head: string, chunk: Buffer, maxBytes: number, timeoutMs?: number): Promise<RawAnswer & { bytesSent: number }> {
  const socket = await openSocket(baseUrl);
  let answered = false;
  socket.once('data', () => (answered = true));
  socket.once('close', () => (answered = true));
  const answer = readAnswer(socket, timeoutMs);
  socket.write(head);
  let sent = 0;
  const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
  while (!answered && sent < maxBytes) {
    if (!socket.write(frame)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
    sent += chunk.length;
  }
  if (!answered) socket.write('0\r\n\r\n');
  return { ...(await answer), bytesSent: sent };
}
