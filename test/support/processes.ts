/** Runs the service and the CLI as real processes, as a user would with npm start and npm run cli. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../../src/core/project-root.js';

const root = projectRoot();
const TSX = ['--import', 'tsx'];
/**
 * Where the test of `npm run build` compiles to: a folder of its own, not dist/, which `npm start`
 * (and its test, perhaps in the other worker at the same moment) compiles into file by file. Inside
 * the project, so that the compiled code finds node_modules and package.json as dist/ does.
 */
const BUILD_DIR = join(root, 'node_modules', '.cache', 'freight-document-service', 'tsc-build');

export interface RunningServer {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout contains `text`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The service from its TypeScript sources under tsx; with `fromDist` compiled by `tsc` (buildDist
 * first); with `npmStart` as package.json's `start` script runs it (scripts/start.mjs, compiling
 * into dist/src what changed), the command a newcomer types.
 */
export function startServer(env: Record<string, string>, options: { fromDist?: boolean; npmStart?: boolean } = {}): RunningServer {
  const base = { ...cleanEnv(), ...env };
  const start = options.npmStart ? npmStart(base) : undefined;
  const entry = start ? start.args : options.fromDist ? [join(BUILD_DIR, 'src/main.js')] : [...TSX, join(root, 'src/main.ts')];
  const child = spawn(start?.command ?? process.execPath, entry, { cwd: root, env: { ...base, ...start?.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (d) => {
    out += d;
    waiters.forEach((w) => w());
  });
  child.stderr!.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (text, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (typeof text === 'string' ? out.includes(text) : text.test(out)) resolve();
        };
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${text}; stdout:\n${out}\nstderr:\n${err}`)), timeoutMs);
        waiters.push(() => {
          check();
        });
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`process exited before ${text}; stdout:\n${out}\nstderr:\n${err}`));
        });
        check();
      }),
  };
}

/**
 * package.json's `start` script as npm runs it: its leading variable assignments (`NAME=value` or
 * `NAME=${NAME:-default}`, read against `env`), its command (`node` is this Node; `sh` runs the
 * script it names, scripts/start.sh, which execs Node in its place) and the arguments after it.
 */
function npmStart(env: Record<string, string | undefined>): { env: Record<string, string>; command: string; args: string[] } {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.split(' ');
  const assigned: Record<string, string> = {};
  for (let m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(words[0]!); m; m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(words[0]!)) {
    const [, name, value] = m as unknown as [string, string, string];
    const fallback = /^\$\{([A-Z_][A-Z0-9_]*):-(.*)\}$/.exec(value);
    assigned[name] = fallback ? (env[fallback[1]!] || fallback[2]!) : value;
    words.shift();
  }
  const [command, ...args] = words;
  if (command !== 'node' && command !== 'sh') throw new Error(`npm start is no longer a node or sh command: ${script}`);
  return { env: assigned, command: command === 'node' ? process.execPath : command, args };
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Compiles the service as `npm run build` does (into BUILD_DIR, not dist/), without its type check: `npm test` has
 * type-checked the same sources before the suite (`npm run checks`), and with isolated modules the
 * check changes no byte of the output, while it is two thirds of the build's time.
 */
export function buildDist(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--noCheck', '--outDir', BUILD_DIR], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TSX, join(root, 'src/cli/main.ts'), ...args], { cwd: root, env: { ...cleanEnv(), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The parent's environment without the service's own variables, so each test says what it sets. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'MIGRATION_DATABASE_URL', 'DATABASE_SERVICE_ROLE', 'REDIS_URL', 'DATA_DIR', 'PORT', 'ENVIRONMENT', 'ROLE', 'S3_BUCKET', 'LOG_LEVEL']) delete env[k];
  return env;
}
