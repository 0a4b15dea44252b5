import 'server-only';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { PhotoError } from './errors';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from './limits';

/**
 * The simple upload path (multipart/form-data, one image in the field `file`) without holding the file in memory:
 * the body is parsed as it arrives (busboy) and the file streamed to a temporary file, hashed (SHA-256) and counted
 * on the way; the size limit is enforced while streaming (the request is dropped as soon as it passes), so a 30 MB
 * upload costs the server its stream buffers only.
 */

export interface ReceivedFile {
  filePath: string;
  /** The name the browser sent (unsanitised: the caller cleans it). */
  fileName: string;
  hash: string;
  size: number;
  /** The form's other (text) fields. */
  fields: Record<string, string>;
  /** Removes the temporary file. */
  cleanup: () => Promise<void>;
}

export interface ReceiveOptions {
  /** A folder on a disk with room for one upload. */
  tmpDir: string;
  /** The 413 to answer (each caller words it for its page). */
  tooLarge?: () => Error;
}

const defaultTooLarge = () => new PhotoError(413, 'PayloadTooLargeError', `Soubor je větší než ${MAX_UPLOAD_LABEL}.`);
const broken = () => new PhotoError(400, 'ValidationError', 'Formulář se nepodařilo přečíst (přerušené nahrávání?). Zkuste to prosím znovu.');
const missing = () => new PhotoError(400, 'ValidationError', 'Chybí soubor v poli „file“.');

export async function receiveMultipartFile(request: Request, opts: ReceiveOptions): Promise<ReceivedFile> {
  const tooLarge = opts.tooLarge ?? defaultTooLarge;
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new PhotoError(415, 'UnsupportedMediaTypeError', 'Očekáván formulář multipart/form-data s obrázkem v poli „file“.');
  if (Number(request.headers.get('content-length') ?? '0') > MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge();
  if (!request.body) throw missing();
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({ headers: { 'content-type': type }, limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 20, fieldSize: 64 * 1024, parts: 30 }, defParamCharset: 'utf8' });
  } catch {
    throw broken();
  }
  await fs.mkdir(opts.tmpDir, { recursive: true });
  const dir = await fs.mkdtemp(path.join(opts.tmpDir, 'up-'));
  const filePath = path.join(dir, 'file');
  const cleanup = () => fs.rm(dir, { recursive: true, force: true });
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  try {
    return await new Promise<ReceivedFile>((resolve, reject) => {
      const fields: Record<string, string> = {};
      let file: Promise<{ fileName: string; hash: string; size: number }> | null = null;
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        // Stop reading: an oversized or broken upload is not taken in to its end.
        body.unpipe(parser);
        body.destroy();
        reject(err);
      };
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || file) {
          stream.resume();
          return;
        }
        const hash = createHash('sha256');
        let size = 0;
        stream.on('limit', () => fail(tooLarge()));
        const counted = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            hash.update(chunk);
            size += chunk.length;
            cb(null, chunk);
          },
        });
        file = pipeline(stream, counted, createWriteStream(filePath)).then(() => ({ fileName: info.filename ?? '', hash: hash.digest('hex'), size }));
        file.catch(() => fail(broken()));
      });
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('error', () => fail(broken()));
      parser.on('close', () => {
        if (settled) return;
        if (!file) return fail(missing());
        file.then(
          (f) => {
            if (settled) return;
            settled = true;
            resolve({ filePath, fileName: f.fileName, hash: f.hash, size: f.size, fields, cleanup });
          },
          () => fail(broken()),
        );
      });
      body.on('error', () => fail(broken()));
      body.pipe(parser);
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
}
