/**
 * The readable API reference at GET /docs, rendered on the server from the OpenAPI document (no
 * scripts, no CDN: it works offline and prints well), and the error pages that problem `type`
 * URIs point at: GET /docs/errors/{code} answers with the reference's error section.
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_CATALOGUE, ERROR_CODES } from '../core/errors.js';
import { AppError } from '../core/errors.js';

type Json = Record<string, unknown>;

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Light markdown for descriptions: code spans and paragraphs are all the document uses. */
const md = (s: unknown) =>
  esc(s)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\n- /g, '<br>• ')}</p>`)
    .join('');

function schemaName(schema: Json | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? '';
  return String(schema.type ?? 'object');
}

function operation(method: string, path: string, op: Json): string {
  const scopes = ((op.security as Json[] | undefined)?.[0]?.apiKey as string[] | undefined) ?? null;
  const auth = scopes === null ? 'No API key' : scopes.length ? `API key with <code>${esc(scopes.join(', '))}</code>` : 'Any API key';
  const params = ((op.parameters as Json[] | undefined) ?? [])
    .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(schemaName(p.schema as Json))}${(p.schema as Json)?.pattern ? ` <code>${esc((p.schema as Json).pattern)}</code>` : ''}</td><td>${md(p.description)}</td></tr>`)
    .join('');
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {})
    .map(([status, r]) => {
      const schema = Object.values((r.content as Record<string, { schema?: Json }>) ?? {})[0]?.schema;
      const ref = typeof schema?.$ref === 'string' ? ` <code>${esc(schemaName(schema))}</code>` : '';
      return `<tr><td>${esc(status)}</td><td>${md(r.description)}${ref}</td></tr>`;
    })
    .join('');
  return `<section class="op" id="${esc(op.operationId)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p class="sum">${esc(op.summary)} · <small>${auth} · operationId <code>${esc(op.operationId)}</code></small></p>
${op.description ? md(op.description) : ''}
${params ? `<table><tr><th>Parameter</th><th>In</th><th>Type</th><th></th></tr>${params}</table>` : ''}
<table><tr><th>Status</th><th>Meaning</th></tr>${responses}</table>
</section>`;
}

export function renderReference(doc: Json): string {
  const info = doc.info as Json;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries((doc.paths as Record<string, Record<string, Json>>) ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  }
  const errors = ERROR_CODES.map((c) => `<tr id="error-${c}"><td><code>${c}</code></td><td>${ERROR_CATALOGUE[c].status}</td><td>${esc(ERROR_CATALOGUE[c].title)}</td><td lang="nl">${esc(ERROR_CATALOGUE[c].title_nl)}</td></tr>`).join('');
  const nav = [...byTag.keys()].map((t) => `<a href="#tag-${esc(t)}">${esc(t)}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.5rem;color:#1b1f24}
code{font:13px ui-monospace,monospace;background:#f2f4f7;padding:0 .25em;border-radius:3px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border-bottom:1px solid #e3e6ea;padding:.3rem .5rem;text-align:left;vertical-align:top}
td p,th p{margin:0}.op{border-top:1px solid #d0d5db;padding-top:.5rem;margin-top:1rem}.m{display:inline-block;min-width:4.5em;font-size:12px;color:#fff;border-radius:3px;text-align:center;padding:.1em .3em}
.get{background:#2f6fb3}.post{background:#2d8a4e}.patch,.put{background:#b37a1f}.delete{background:#b3382f}nav a{margin-right:.6rem}.sum{margin:.2rem 0}</style></head>
<body><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>${md(info.description)}
<p>Machine-readable: <a href="/v1/openapi.json"><code>/v1/openapi.json</code></a> (OpenAPI 3.1).</p>
<nav>${nav} <a href="#errors">errors</a></nav>
${[...byTag].map(([tag, ops]) => `<h2 id="tag-${esc(tag)}">${esc(tag)}</h2>${ops.join('')}`).join('')}
<h2 id="errors">Error codes</h2><p>Every error is <code>application/problem+json</code>; branch on <code>code</code>. Titles are English, or Dutch with <code>Accept-Language: nl</code>; finding messages follow <code>Accept-Language</code> in English, Dutch, German and French.</p>
<table><tr><th>Code</th><th>Status</th><th>Title</th><th>Titel</th></tr>${errors}</table></body></html>`;
}

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  let page: string | undefined;
  app.get('/docs', { config: { access: { public: true } }, schema: { hide: true } }, async (_request, reply) => {
    page ??= renderReference(app.swagger() as unknown as Json);
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get<{ Params: { code: string } }>('/docs/errors/:code', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    if (!(request.params.code in ERROR_CATALOGUE)) throw new AppError('not_found', `No error code ${request.params.code}.`);
    return reply.redirect(`/docs#error-${request.params.code}`, 302);
  });
}
