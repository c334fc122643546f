/**
 * `npm start` as a newcomer runs it: package.json's start script (scripts/start.mjs), which compiles
 * what changed in src/ into dist/src/ and runs it, printing each phase before the service listens;
 * and the compiled file of a source that is gone is removed, never loaded.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/core/project-root.js';
import { freePort, startServer } from '../support/processes.js';
import { installedJemalloc } from '../../bench/support/allocator-env.js';

describe('npm start', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'fds-npm-start-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('prints each phase, in order, before it listens; the welcome follows, and a driver signs in with the code it prints', async () => {
    const port = await freePort();
    const server = startServer({ DATA_DIR: join(scratch, 'data'), PORT: String(port), LOG_LEVEL: 'warn' }, { npmStart: true });
    try {
      await server.waitFor('curl -H', 200_000);
      const phases = server.stdout().split('\n').filter((line) => line.startsWith('[start '));
      const expected = [
        /^\[start \d+\.\d s\] (dist\/src is up to date with src\/ \(\d+ source files\)|compiling \d+ changed source files? to dist\/src)$/,
        /^\[start \d+\.\d s\] loading the service$/,
        new RegExp(`^\\[start \\d+\\.\\d s\\] opening the embedded database in ${join(scratch, 'data').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} and applying migrations$`),
        /^\[start \d+\.\d s\] database at schema version \d+; building the app$/,
        new RegExp(`^\\[start \\d+\\.\\d s\\] listening at http://localhost:${port} \\(127\\.0\\.0\\.1:${port}\\)$`),
      ];
      // A removed source's output may be reported first (another branch's files in dist/src).
      const shown = phases.filter((line) => !/ removed \d+ compiled files? from dist\/src/.test(line));
      expect(shown).toHaveLength(expected.length);
      shown.forEach((line, i) => expect(line).toMatch(expected[i]!));
      // Times count from the process's start and never go back.
      const times = phases.map((line) => Number(/\[start (\d+\.\d) s\]/.exec(line)![1]));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      // The welcome comes after "listening at": its links work once it is printed.
      expect(server.stdout().indexOf('First start:')).toBeGreaterThan(server.stdout().indexOf('listening at'));
      expect((await fetch(`http://127.0.0.1:${port}/v1/health/live`)).status).toBe(200);

      // The allocator of scripts/allocator.sh: jemalloc where the machine has it (CI installs
      // libjemalloc2), else glibc's with two arenas. start.sh execs Node, so the PID is the service's.
      const maps = readFileSync(`/proc/${server.child.pid}/maps`, 'utf8');
      const environ = readFileSync(`/proc/${server.child.pid}/environ`, 'utf8').split('\0');
      expect(basename(readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0')[0]!)).toBe('node');
      expect(maps.includes('libjemalloc')).toBe(installedJemalloc() !== undefined);
      expect(environ).toContain('MALLOC_ARENA_MAX=2');
      expect(server.stderr()).not.toMatch(/LD_PRELOAD|cannot be preloaded/);

      // The driver app on the embedded defaults: without SMS_URL the sign-in code is printed, and it signs in.
      expect(server.stdout()).toContain(`Without SMS_URL a driver's sign-in code for the driver app (http://localhost:${port}/driver) is printed here too.`);
      const key = /API key:\s+(sk_test_\w+)/.exec(server.stdout())![1]!;
      const api = (path: string, body: unknown) => fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const shipment = await api('/v1/shipments?issue=true', JSON.parse(readFileSync(join(projectRoot(), 'examples', 'shipment.json'), 'utf8')));
      expect(shipment.status).toBe(201);
      const shipmentId = ((await shipment.json()) as { id: string }).id;
      const phone = '+48601234567';
      const stops = [{ shipment_id: shipmentId, kind: 'pickup' }, { shipment_id: shipmentId, kind: 'delivery' }];
      expect((await api('/v1/tours', { name: 'Start test', date: new Date().toISOString().slice(0, 10), driver: { name: 'Piotr Nowak', phone, language: 'en' }, stops })).status).toBe(201);
      expect((await api('/v1/driver/sign-in', { phone })).status).toBe(202);
      await server.waitFor(`SMS kept in the outbox (no SMS_URL), to ${phone}:`, 20_000);
      const code = /Your driver sign-in code: (\d{6})\./.exec(server.stdout())![1];
      expect((await api('/v1/driver/sessions', { phone, code })).status).toBe(201);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 300_000);

  it("deletes a removed source's compiled file, so an import of it fails as it would from src/", async () => {
    // A project of two sources beside the real start script: main imports helper when it exists.
    const project = join(scratch, 'project');
    mkdirSync(join(project, 'scripts'), { recursive: true });
    mkdirSync(join(project, 'src', 'parts'), { recursive: true });
    copyFileSync(join(projectRoot(), 'scripts', 'start.mjs'), join(project, 'scripts', 'start.mjs'));
    writeFileSync(join(project, 'package.json'), '{"type": "module"}\n');
    symlinkSync(join(projectRoot(), 'node_modules'), join(project, 'node_modules'), 'dir');
    writeFileSync(join(project, 'src', 'main.ts'), "const loaded: string = await import('./parts/helper.js').then((m: { name: string }) => m.name, () => 'nothing');\nconsole.log(`helper: ${loaded}`);\n");
    writeFileSync(join(project, 'src', 'parts', 'helper.ts'), "export const name: string = 'the helper';\n");
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
      });

    const first = await run();
    expect(first).toMatch(/compiling 2 changed source files to dist\/src/);
    expect(first).toContain('helper: the helper');
    expect(existsSync(join(project, 'dist', 'src', 'parts', 'helper.js'))).toBe(true);

    const again = await run();
    expect(again).toMatch(/dist\/src is up to date with src\/ \(2 source files\)/);
    expect(again).toContain('helper: the helper');

    rmSync(join(project, 'src', 'parts', 'helper.ts'));
    const after = await run();
    expect(after).toMatch(/removed 2 compiled files from dist\/src whose sources are gone/);
    expect(after).toContain('helper: nothing');
    expect(existsSync(join(project, 'dist', 'src', 'parts', 'helper.js'))).toBe(false);
    expect(existsSync(join(project, 'dist', 'src', 'parts', 'helper.js.map'))).toBe(false);
  }, 60_000);
});
