/** Calls on the documents API for route tests. */
import type { LightMyRequestResponse } from 'fastify';
import { multipart } from './sample-files.js';
import type { Tenant, TestApp } from './test-app.js';

export interface UploadSpec {
  kind?: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

export function documentsApi(t: TestApp, tenant: Tenant) {
  const auth = (key?: string) => t.auth(key ?? tenant.testKey);
  const api = {
    list: (shipmentId: string, query = '', key?: string) => t.app.inject({ method: 'GET', url: `/v1/shipments/${shipmentId}/documents${query}`, headers: auth(key) }),
    get: (id: string, key?: string) => t.app.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: auth(key) }),
    delete: (id: string, key?: string) => t.app.inject({ method: 'DELETE', url: `/v1/documents/${id}`, headers: auth(key) }),
    /** multipart/form-data with `kind` (when given) and `file`. */
    upload: (shipmentId: string, spec: UploadSpec, options: { key?: string; headers?: Record<string, string> } = {}) => {
      const form = multipart([
        ...(spec.kind === undefined ? [] : [{ name: 'kind', value: spec.kind }]),
        { name: 'file', filename: spec.filename ?? 'file.bin', contentType: spec.contentType ?? 'application/octet-stream', bytes: spec.bytes },
      ]);
      return t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/documents`, headers: { ...auth(options.key), 'content-type': form.contentType, ...options.headers }, payload: form.body });
    },
    /** The file itself as the body, `kind` in the query. */
    uploadRaw: (shipmentId: string, spec: UploadSpec, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/shipments/${shipmentId}/documents?${new URLSearchParams({ ...(spec.kind ? { kind: spec.kind } : {}), ...(spec.filename ? { filename: spec.filename } : {}) })}`,
        headers: { ...auth(key), 'content-type': spec.contentType ?? 'application/octet-stream' },
        payload: spec.bytes,
      }),
    async uploaded(shipmentId: string, spec: UploadSpec): Promise<{ id: string; sha256: string; size: number; kind: string; content_type: string }> {
      const res = await api.upload(shipmentId, spec);
      if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    downloadUrl: (id: string, body?: object, key?: string) =>
      t.app.inject({ method: 'POST', url: `/v1/documents/${id}/download-url`, headers: auth(key), ...(body ? { payload: body } : {}) }),
    /** GETs a signed URL as a browser would: no API key. */
    fetch: (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => {
      const { pathname, search } = new URL(url);
      return t.app.inject({ method: 'GET', url: `${pathname}${search}`, headers });
    },
    async download(id: string): Promise<LightMyRequestResponse> {
      const link = await api.downloadUrl(id);
      if (link.statusCode !== 200) throw new Error(`download-url answered ${link.statusCode}: ${link.body}`);
      return api.fetch(link.json().url);
    },
  };
  return api;
}
