/** Calls on the exports API for tests: request, run the job queue, read, download the zip to a file, verify. */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { EXPORT_PATHS } from '../../src/modules/exports/exports.routes.js';
import type { Tenant, TestApp } from './test-app.js';

const run = promisify(execFile);

export function exportsApi(t: TestApp, tenant: Tenant) {
  const auth = (key?: string) => t.auth(key ?? tenant.testKey);
  const api = {
    create: (key?: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: EXPORT_PATHS.collection, headers: { ...auth(key), ...headers } }),
    get: (id: string, key?: string) => t.app.inject({ method: 'GET', url: EXPORT_PATHS.one.replace(':id', id), headers: auth(key) }),
    list: (query = '', key?: string) => t.app.inject({ method: 'GET', url: `${EXPORT_PATHS.collection}${query}`, headers: auth(key) }),
    /** GETs a signed URL as a browser would: no API key. */
    fetch: (url: string): Promise<LightMyRequestResponse> => {
      const { pathname, search } = new URL(url);
      return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
    },
    async runJobs(): Promise<void> {
      while ((await t.runtime.jobs.loop.tick()) > 0);
    },
    /** Requests an export, runs the queue and answers the completed export. */
    async completed(key?: string): Promise<Record<string, any> & { id: string; download_url: string }> {
      const res = await api.create(key);
      if (res.statusCode !== 202) throw new Error(`create export answered ${res.statusCode}: ${res.body}`);
      await api.runJobs();
      const done = (await api.get(res.json().id, key)).json();
      if (done.status !== 'completed') throw new Error(`export is ${done.status}: ${done.error}`);
      return done;
    },
    /** Downloads the zip of a completed export into a file of its own. */
    async downloaded(exported: { download_url: string }): Promise<string> {
      const res = await api.fetch(exported.download_url);
      if (res.statusCode !== 200) throw new Error(`download answered ${res.statusCode}: ${res.body}`);
      const file = join(mkdtempSync(join(tmpdir(), 'fds-export-')), 'export.zip');
      writeFileSync(file, res.rawPayload);
      return file;
    },
  };
  return api;
}

/** Runs a verify.mjs as a user would, in a process of its own; answers its exit code and output. */
export async function runVerifier(verifier: string, target: string, options: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [verifier, ...(target ? [target] : []), ...options]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
