/**
 * Calls on the remarks API for route tests, and the text of the consignment-note boxes where
 * remarks are printed, cut out of the first page with `pdftotext -x -y -W -H` (poppler-utils).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { REMARK_PATHS } from '../../src/modules/remarks/remarks.routes.js';
import { documentsApi } from './documents-api.js';
import type { Tenant, TestApp } from './test-app.js';

/** Where boxes 18 and 24 stand on the A4 page, in points from the top left (render-consignment-note.ts). */
const BOXES = {
  18: { x: 298, y: 272, w: 273, h: 100 },
  24: { x: 389, y: 732, w: 182, h: 86 },
} as const;

export interface NoteBoxes {
  18: string;
  24: string;
  /** The whole first page. */
  page: string;
}

export function remarksApi(t: TestApp, tenant: Tenant) {
  const auth = (key?: string) => t.auth(key ?? tenant.testKey);
  const path = (shipmentId: string) => REMARK_PATHS.shipmentRemarks.replace(':id', shipmentId);
  const api = {
    create: (shipmentId: string, body: object, options: { key?: string; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'POST', url: path(shipmentId), headers: { ...auth(options.key), ...options.headers }, payload: body }),
    list: (shipmentId: string, query = '', key?: string) => t.app.inject({ method: 'GET', url: `${path(shipmentId)}${query}`, headers: auth(key) }),
    fromLink: (token: string, body: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: REMARK_PATHS.signRemarks.replace(':token', token), headers, payload: body }),
    async created(shipmentId: string, body: object): Promise<Record<string, any> & { id: string }> {
      const res = await api.create(shipmentId, body);
      if (res.statusCode !== 201) throw new Error(`remark answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    /** The text of boxes 18 and 24 of a note version, whitespace folded. */
    async noteBoxes(documentId: string): Promise<NoteBoxes> {
      const file = await documentsApi(t, tenant).download(documentId);
      const dir = mkdtempSync(join(tmpdir(), 'fds-remark-'));
      try {
        const pdfPath = join(dir, 'note.pdf');
        writeFileSync(pdfPath, file.rawPayload);
        // As pdfText does: with SAVE_PDF set, the note read last is kept there to look at.
        if (process.env.SAVE_PDF) writeFileSync(process.env.SAVE_PDF, file.rawPayload);
        const text = (area: string[]) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '1', ...area, pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
        const box = (b: keyof typeof BOXES) => text(['-x', `${BOXES[b].x}`, '-y', `${BOXES[b].y}`, '-W', `${BOXES[b].w}`, '-H', `${BOXES[b].h}`]);
        return { 18: box(18), 24: box(24), page: text([]) };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return api;
}
