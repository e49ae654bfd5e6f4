import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function startBuiltServer(
  env: Record<string, string>,
  running: ChildProcess[],
): Promise<{ base: string; pid: number; stop: () => Promise<void> }>;
export type JsonAnswer = {
  status: number;
  body: unknown;
  cookie: string | null;
  retryAfter: string | null;
};
export type JsonCallOptions = {
  cookie?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
};
export function callJson(
  base: string,
  method: string,
  url: string,
  opts?: JsonCallOptions,
): Promise<JsonAnswer>;
export function attemptJson(
  base: string,
  method: string,
  url: string,
  opts?: JsonCallOptions,
): Promise<JsonAnswer>;
export function ownerWithLoader(
  base: string,
  password: string,
): Promise<{ cookie: string; id: string }>;
