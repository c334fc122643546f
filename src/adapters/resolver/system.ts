/** The operating system's resolver (getaddrinfo through node:dns lookup), every address family. */
import { lookup } from 'node:dns/promises';
import type { Resolver } from '../../ports/resolver.js';

/** Answers of getaddrinfo that mean "no such name (yet)", as opposed to a resolver failure. */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA', 'EAI_AGAIN']);

export function systemResolver(): Resolver {
  return {
    async lookup(host) {
      try {
        return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
      } catch (error) {
        if (NOT_FOUND.has((error as { code?: string }).code ?? '')) return [];
        throw error;
      }
    },
  };
}
