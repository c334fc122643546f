/** The exclusive lock on DATA_DIR that keeps a second process off the embedded database. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/adapters/database/data-dir-lock.js';

describe('DATA_DIR lock', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'fds-lock-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('holds the PID, refuses a second holder, and is released', () => {
    const d = dir();
    const lock = lockDataDir(d);
    expect(readFileSync(join(d, 'service.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(join(d, 'service.lock'))).toBe(false);
    lockDataDir(d).release();
  });

  it('refuses while another live process holds it, with a message that says what to do', async () => {
    const d = dir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(d, 'service.lock'), String(child.pid));
      expect(() => lockDataDir(d)).toThrow(/in use by process \d+.*DATABASE_URL/s);
    } finally {
      child.kill();
    }
  });

  it('reclaims a lock whose process is gone', async () => {
    const d = dir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.on('exit', r));
    writeFileSync(join(d, 'service.lock'), String(child.pid));
    const lock = lockDataDir(d);
    expect(readFileSync(join(d, 'service.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
