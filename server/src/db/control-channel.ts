import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from './client';

/**
 * The embedded database's local control channel (docs/decisions/backup-and-restore.md).
 *
 * A running server holds its PGlite data directory (lock file): no other process may open it. The
 * backup command asks the running server for a snapshot instead, over HTTP on a Unix socket in the
 * data directory, created with mode 0600: only the user the server runs as (and root) can connect, the
 * same people who can read the data directory itself. It is never reachable over the network.
 *
 * POST /snapshot answers the data directory image (gzipped tar, Database.snapshot) as it is between
 * transactions. One snapshot at a time.
 */
export const CONTROL_SOCKET = 'control.sock';
/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107;

export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export type ControlChannel = { socketPath: string; close: () => Promise<void> };

/** Starts the channel; null when the database has no snapshots (PostgreSQL, memory) or the path is too long. */
export async function startControlChannel(
  database: Database,
  dataDir: string,
  log: Log,
): Promise<ControlChannel | null> {
  const snapshot = database.snapshot;
  if (!snapshot) return null;
  const socketPath = controlSocketPath(path.resolve(dataDir));
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      { socketPath },
      'backups of the running server are unavailable: the data directory path is too long for a Unix socket; stop the server to back it up',
    );
    return null;
  }
  // The caller holds the data directory lock: a socket file left here is from a process that died.
  if (existsSync(socketPath)) rmSync(socketPath, { force: true });

  let busy = false;
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/snapshot') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (busy) {
      res.writeHead(409, { 'content-type': 'text/plain' }).end('A backup is already running.\n');
      return;
    }
    busy = true;
    const started = performance.now();
    snapshot()
      .then((image) => {
        log.info(
          { bytes: image.length, ms: Math.round(performance.now() - started) },
          'backup snapshot taken',
        );
        res.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': String(image.length),
        });
        res.end(image);
      })
      .catch((err: unknown) => {
        log.warn({ err }, 'backup snapshot failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The snapshot failed.\n');
      })
      .finally(() => {
        busy = false;
      });
  });
  // Created owner-only (umask), so no other user can connect even for an instant.
  const umask = process.umask(0o077);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export class ControlChannelError extends Error {}

/** Asks the server running on dataDir for a snapshot; resolves with the image. */
export function requestSnapshot(dataDir: string, timeoutMs = 10 * 60_000): Promise<Buffer> {
  const socketPath = controlSocketPath(path.resolve(dataDir));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, method: 'POST', path: '/snapshot', timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode === 200) resolve(body);
          else
            reject(
              new ControlChannelError(
                `The running server refused the backup (${res.statusCode}): ${body.toString().trim()}`,
              ),
            );
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(new ControlChannelError('The running server did not answer in time.')),
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof ControlChannelError) reject(err);
      else
        reject(
          new ControlChannelError(
            `Could not reach the running server's control socket ${socketPath} (${err.code ?? err.message}). ` +
              'Is the server running as another user? Run the backup as the user the server runs as.',
          ),
        );
    });
    req.end();
  });
}
