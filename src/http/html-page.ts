/**
 * How the service's own web pages (signing, contact) answer: the page with its Content-Security-
 * Policy, no referrer, no sniffing and no caching; their scripts and styles under content-hashed
 * names, cached a year (the pages' modules name them: src/modules/sign-app/sign-app-assets.ts).
 */
import type { FastifyReply } from 'fastify';
import { AppError } from '../core/errors.js';

/** One file of a page, as its module read it. */
export interface PageAsset {
  body: Buffer;
  contentType: string;
}

export function htmlPageHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('content-security-policy', csp)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
}

/** One hashed file of a page, or 404 `not_found` for a name the page does not have. */
export function sendPageAsset(reply: FastifyReply, asset: PageAsset | undefined, what: string): FastifyReply {
  if (!asset) throw new AppError('not_found', `No such file of ${what}.`);
  return reply.type(asset.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(asset.body);
}

/** A picture a page shows, opened by the token in its URL (inspection, sign link): never cached, never referred, never sniffed. */
export function pagePictureHeaders(reply: FastifyReply, contentType: string): FastifyReply {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-content-type-options', 'nosniff').header('content-disposition', 'inline').type(contentType);
}
