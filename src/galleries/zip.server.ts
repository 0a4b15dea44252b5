import 'server-only';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * A gallery ZIP streamed as it is written (docs/decisions/078-gallery-delivery.md): yazl with stored entries of
 * known size, so the archive's exact length is known before the first byte (`Content-Length`), nothing is
 * buffered beyond the streams' own high-water marks, and ZIP64 structures appear where the sizes need them.
 * The same entries with the same times always give the same bytes, which is what makes `Range` resumable.
 */
export interface ZipSource {
  /** Folder inside the archive (a set's Czech name), or null for the top level. */
  folder: string | null;
  fileName: string;
  size: number;
  mtime: Date;
  open: () => Promise<Readable>;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface GalleryZip {
  size: number;
  /** The archive's bytes, or those of `range`. Destroying it closes whatever file is open. */
  stream: Readable;
}

/** A path segment safe in any unzip: no separators, no control characters, no dot-only names; UTF-8 kept. */
export function zipSegment(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .split(/[/\\]+/)
    .filter((part) => !/^[.\s]*$/.test(part))
    .join(' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return cleaned === '' ? fallback : cleaned;
}

/** Archive paths for the sources, unique (case-insensitively, as Windows and macOS see them): `Obřad/DSC_1.jpg`, `Obřad/DSC_1 (2).jpg`. */
export function zipPaths(sources: readonly Pick<ZipSource, 'folder' | 'fileName'>[]): string[] {
  const taken = new Set<string>();
  return sources.map((s, i) => {
    const folder = s.folder === null ? null : zipSegment(s.folder, 'Sada');
    const file = zipSegment(s.fileName, `foto-${i + 1}.jpg`);
    const dot = file.lastIndexOf('.');
    const stem = dot > 0 ? file.slice(0, dot) : file;
    const ext = dot > 0 ? file.slice(dot) : '';
    for (let n = 1; ; n++) {
      const candidate = `${folder === null ? '' : `${folder}/`}${n === 1 ? file : `${stem} (${n})${ext}`}`;
      const key = candidate.toLowerCase();
      if (!taken.has(key)) {
        taken.add(key);
        return candidate;
      }
    }
  });
}

/** Parses one `bytes=` range against a length; null when absent, 'unsatisfiable' when it cannot be served. */
export function parseRange(header: string | null, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === null) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answering the whole archive is allowed (RFC 9110 §14.2).
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Passes on only the bytes of [start, end] and ends itself after them. */
class Slice extends Transform {
  private seen = 0;
  constructor(
    private readonly start: number,
    private readonly last: number,
    private readonly onDone: () => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const from = this.seen;
    this.seen += chunk.length;
    if (this.seen <= this.start || from > this.last) return done();
    const a = Math.max(0, this.start - from);
    const b = Math.min(chunk.length, this.last - from + 1);
    this.push(a === 0 && b === chunk.length ? chunk : chunk.subarray(a, b));
    if (this.seen > this.last) {
      this.push(null);
      this.onDone();
    }
    done();
  }
}

/**
 * Builds the archive of `sources` (in this order). Bytes before a range's start are still produced (the CRCs of
 * the central directory need them) but never sent; only the file being read is open at any time.
 */
export function galleryZip(sources: readonly ZipSource[], range: ByteRange | null = null): GalleryZip {
  const zip = new ZipFile();
  const open = new Set<Readable>();
  const paths = zipPaths(sources);
  sources.forEach((source, i) => {
    zip.addReadStreamLazy(paths[i]!, { size: source.size, mtime: source.mtime, compress: false }, (cb) => {
      source.open().then(
        (stream) => {
          open.add(stream);
          stream.once('close', () => open.delete(stream));
          cb(null, stream);
        },
        (err: unknown) => cb(err, undefined as unknown as Readable),
      );
    });
  });
  let size = -1;
  // yazl calls back with the total (its typings omit the argument).
  const onSize = (total: number) => {
    size = total;
  };
  zip.end({ forceZip64Format: false, comment: '' }, onSize as unknown as () => void);
  if (size < 0) throw new Error('ZIP size could not be computed: every entry needs a known size');
  const output = zip.outputStream as Readable;
  const closeAll = () => {
    for (const s of open) s.destroy();
    open.clear();
  };
  if (range === null) {
    zip.on('error', (err: Error) => output.destroy(err));
    output.once('close', closeAll);
    output.once('error', closeAll);
    return { size, stream: output };
  }
  const slice = new Slice(range.start, range.end, () => {
    output.unpipe(slice);
    output.destroy();
    closeAll();
  });
  zip.on('error', (err: Error) => slice.destroy(err));
  // Once the range is sent the archive is destroyed mid-write; what yazl still writes is dropped, not thrown.
  output.on('error', () => undefined);
  slice.once('close', () => {
    output.unpipe(slice);
    output.destroy();
    closeAll();
  });
  output.pipe(slice);
  return { size, stream: slice };
}

/** A web stream that pulls one chunk at a time from `stream` (exact back-pressure) and destroys it when cancelled. */
export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  const it = stream[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = (await it.next()) as IteratorResult<Buffer>;
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      cancel() {
        stream.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
