/**
 * A lingering close for answers given before the request's body was read to its end (a 413 on a
 * body streamed past its limit, a 401 or 404 before an upload is read, any error while the client
 * is still sending): RFC 9112 §9.6.
 *
 * Node closes such a connection the moment the answer is written (`Connection: close`). The
 * client, still sending, then meets a reset, and its kernel throws away the answer it had already
 * received before the client read it: the client sees a dropped connection instead of a 413. And
 * when a parser that was reading the body stopped (busboy after its limit), nothing reads the
 * request any more, so the client's writes stall until a timeout.
 *
 * So, for those answers: say `Connection: close`; once the answer is written, half-close (FIN) and
 * keep reading and discarding what the client still sends, until it closes its side or
 * LINGER_MS pass, then close.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection keeps discarding a refused body after its answer: clients stop within a round trip or two. */
export const LINGER_MS = 2000;

export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    const socket = raw.socket as Socket | null | undefined;
    // `complete` is false only on a real socket whose body has not ended (not under inject()).
    if (raw.complete === false && socket && typeof socket.destroySoon === 'function' && !socket.destroyed) {
      reply.header('connection', 'close');
      reply.raw.once('finish', () => {
        // Whatever was reading the body (a parser that gave up) lets go of it, and it is discarded.
        raw.unpipe();
        raw.removeAllListeners('data');
        raw.resume();
      });
      lingerOnClose(socket);
    }
    done(null, payload);
  });
}

/** Replaces Node's close after the answer (destroySoon) on this socket with a lingering one. */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (this.destroyed) return;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    this.once('end', close);
    this.once('close', () => clearTimeout(timer));
    // Reading goes on (discarded by the request stream above) while the answer's last bytes and FIN go out.
    this.resume();
    this.end();
  };
}
