import 'server-only';
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { getEnv } from '@/platform/env';
import { log } from '@/platform/log';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from './limits';

/**
 * Resumable uploads with the tus protocol (@tus/server, FileStore): the bytes stream to a file under
 * DATA_DIR/tmp/tus as they arrive, and each PATCH is acknowledged only once written, so a dropped connection, a
 * reloaded tab or a restarted server resumes at the last acknowledged byte (the client asks with HEAD). When the
 * last byte arrives, the target's `finish` hook takes the file into the photo module and its answer (JSON) is the
 * final PATCH's body; the staging file is removed either way. The endpoint is /api/admin/uploads (admin only; the
 * route checks that before anything reaches this handler).
 */

export const TUS_PATH = '/api/admin/uploads';

/** A failure answered to the uploader: an HTTP status and a Czech message (as the admin API's error envelope). */
export class UploadRefused extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

export interface UploadTarget {
  /** Checks the upload's metadata before any byte is accepted (e.g. the gallery exists); throws to refuse. */
  accept(metadata: Record<string, string>): Promise<void>;
  /**
   * The file is complete on disk: take it. The result is sent back as JSON. Throw an error with status/message to
   * refuse. `hashed` is the file's SHA-256 (hex) and size when they were computed while its bytes arrived.
   */
  finish(filePath: string, metadata: Record<string, string>, hashed?: { hash: string; size: number }): Promise<unknown>;
}

/** The running hash of one PATCH body that started at byte 0 of its upload. */
interface BodyHash {
  hash: Hash;
  size: number;
  /** The digest, once the body ended (every byte of it went through the hash). */
  digest: string | null;
}

const bodyHashes = new WeakMap<Request, BodyHash>();

/**
 * The request `handle` passes to the tus server: a PATCH from byte 0 (the uploader's normal case, one PATCH per
 * file) gets its body hashed on the way to the store, so a file finished by that one PATCH is not read again from
 * disk for the content hash (the "same content is skipped" rule). Any other request passes as it came; an upload
 * that finishes after a resume is hashed from its file.
 */
function withBodyHash(request: Request): Request {
  if (request.method !== 'PATCH' || request.headers.get('upload-offset') !== '0' || !request.body) return request;
  const state: BodyHash = { hash: createHash('sha256'), size: 0, digest: null };
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        state.hash.update(chunk);
        state.size += chunk.byteLength;
        controller.enqueue(chunk);
      },
      flush() {
        state.digest = state.hash.digest('hex');
      },
    }),
  );
  const hashed = new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal, duplex: 'half' } as RequestInit);
  bodyHashes.set(hashed, state);
  return hashed;
}

/** The body's hash when that one request carried the whole file from byte 0 to its end (else the file is read). */
function hashOfWholeFile(request: Request, upload: Upload): { hash: string; size: number } | undefined {
  const state = bodyHashes.get(request);
  if (!state?.digest || upload.size === undefined || state.size !== upload.size) return undefined;
  return { hash: state.digest, size: state.size };
}

function envelope(status: number, name: string, message: string): { status_code: number; body: string } {
  return { status_code: status, body: JSON.stringify({ data: null, error: { status, name, message, details: {} } }) };
}

/** Whatever a target threw, as the tus server's error answer (never a 500 for the photographer's file). */
function toTusError(err: unknown): { status_code: number; body: string } {
  const e = err as { status?: unknown; errorName?: unknown; message?: unknown };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 600 && typeof e.message === 'string') {
    return envelope(e.status, typeof e.errorName === 'string' ? e.errorName : 'ValidationError', e.message);
  }
  log.error('photos: finishing an upload failed', { err });
  return envelope(503, 'ServiceUnavailableError', 'Nahraný soubor se nepodařilo uložit. Zkuste ho prosím nahrát znovu.');
}

function metadataOf(upload: Upload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(upload.metadata ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

const g = globalThis as unknown as { __tus?: { server: Server; store: FileStore; handle: (request: Request) => Promise<Response> } };
const EXPIRATION_MS = 7 * 24 * 3600 * 1000;

export function tusDirectory(): string {
  return path.resolve(getEnv().DATA_DIR, 'tmp', 'tus');
}

/** One tus server per process; `targets` by the upload's `target` metadata (e.g. "gallery"). */
export function tusServer(targets: Record<string, UploadTarget>): { server: Server; store: FileStore; handle: (request: Request) => Promise<Response> } {
  if (g.__tus) return g.__tus;
  const directory = tusDirectory();
  // Abandoned uploads are removed after a week (deleteExpired, run by the photos' cleanup job).
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRATION_MS });
  const targetOf = (meta: Record<string, string>): UploadTarget => {
    const t = targets[meta.target ?? ''];
    if (!t) throw envelope(400, 'ValidationError', 'Neznámý cíl nahrávání.');
    return t;
  };
  // The default locker (in memory) is right for one process per data folder.
  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    onUploadCreate: async (_req, upload) => {
      if (upload.size === undefined) throw envelope(400, 'ValidationError', 'Velikost souboru musí být známa předem (Upload-Length).');
      const meta = metadataOf(upload);
      if (!meta.filename) throw envelope(400, 'ValidationError', 'Chybí název souboru (metadata „filename“).');
      try {
        await targetOf(meta).accept(meta);
      } catch (err) {
        if ((err as { status_code?: unknown }).status_code) throw err;
        throw toTusError(err);
      }
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const meta = metadataOf(upload);
      const file = upload.storage?.path ?? path.join(directory, upload.id);
      try {
        const inFlight = hashOfWholeFile(req, upload);
        // Which way the content hash was taken (the e2e checks a one-request upload is not read back from disk).
        log.debug('photos: upload finished', { uploadId: upload.id, hashed: inFlight ? 'in flight' : 'from the file' });
        const result = await targetOf(meta).finish(file, meta, inFlight);
        return { status_code: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(result) };
      } catch (err) {
        if ((err as { status_code?: unknown }).status_code) throw err;
        throw toTusError(err);
      } finally {
        await store.remove(upload.id).catch((err: unknown) => log.warn('photos: removing a finished upload failed', { uploadId: upload.id, err }));
      }
    },
    onResponseError: (_req, err) => {
      const e = err as { status_code?: unknown; body?: unknown };
      if (typeof e.status_code === 'number' && e.status_code === 413) return envelope(413, 'PayloadTooLargeError', `Soubor je větší než ${MAX_UPLOAD_LABEL}.`);
      if (typeof e.status_code === 'number' && typeof e.body === 'string') return undefined;
      log.error('photos: upload request failed', { err });
      return envelope(503, 'ServiceUnavailableError', 'Nahrávání se teď nepodařilo uložit (úložiště?). Pokračuje se automaticky, nebo to zkuste za chvíli znovu.');
    },
  });
  g.__tus = { server, store, handle: (request) => server.handleWeb(withBodyHash(request)) };
  return g.__tus;
}

/** Removes uploads abandoned for longer than the expiration period; returns how many. */
export async function deleteExpiredUploads(): Promise<number> {
  // Nothing was ever uploaded through tus on this data folder: nothing to remove (the store lists its folder).
  if (!fs.existsSync(tusDirectory())) return 0;
  const store = g.__tus?.store ?? new FileStore({ directory: tusDirectory(), expirationPeriodInMilliseconds: EXPIRATION_MS });
  return store.deleteExpired();
}
