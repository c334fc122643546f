/** Types of verify.mjs for the service's own tests; the export ships verify.mjs alone. */
import type { Readable } from 'node:stream';

export interface OpenedExport {
  names(): string[];
  has(name: string): boolean;
  stream(name: string): Promise<Readable>;
  close(): Promise<void>;
}

export interface Verification {
  failures: string[];
  checked: { files: number; shipments: number; events: number; documents: number; seals: number; audit_rows: number; checkpoints: number };
}

export function canonicalJson(value: unknown): string;
export function chainHash(previous: string, seq: number, type: string, createdAt: string | Date, dataDigest: string): string;
export function checkSeal(pdf: Buffer): string;
export function openExport(path: string): Promise<OpenedExport>;
export function readFile(source: OpenedExport, name: string): Promise<Buffer>;
export function verifyExport(path: string, options?: { held?: unknown[]; certificate?: string }): Promise<Verification>;
export function parseHeldCheckpoints(text: string): unknown[];
export function auditDigest(row: Record<string, unknown>): string;
