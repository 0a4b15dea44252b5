import 'server-only';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';

/**
 * A gallery ZIP streamed as it is written (docs/decisions/098-gallery-zip-known-crc.md, superseding the ZIP part
 * of 078): stored entries of known size and, normally, known CRC-32, so the whole layout — every header, offset
 * and the central directory — is computed before a byte is read. The bytes are exactly what yazl writes for the
 * same entries streamed with `addReadStreamLazy` (a local header with bit 3 set, the data, a data descriptor,
 * ZIP64 records where sizes or offsets pass 4 GB; src/galleries/zip.test.ts compares them byte for byte), but a
 * `Range` starts by opening only the file that holds its first byte, and nothing computes a CRC of a file whose
 * CRC is known. A file without a known CRC (a photo processed before CRCs were kept) has it computed while it
 * streams, or read once before a range that starts after it; `onCrc` hands it over to be kept.
 */
export interface ZipSource {
  /** Folder inside the archive (a set's Czech name), or null for the top level. */
  folder: string | null;
  fileName: string;
  size: number;
  mtime: Date;
  /** CRC-32 of the file's bytes, or null when not known yet (computed while the archive is written). */
  crc32: number | null;
  /** The file's bytes from `start` (0: the whole file) to its end. */
  open: (start: number) => Promise<ReadableStream<Uint8Array>>;
  /**
   * The same bytes as a file on the local disk (local storage), or null when they are elsewhere (S3). The archive
   * writers then read it at positions into their own buffers instead of opening `open`'s stream.
   */
  localFile?: () => Promise<string | null>;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface GalleryZip {
  size: number;
  /** The archive's bytes, or those of `range`. Cancelling it closes whatever file is open. */
  stream: ReadableStream<Uint8Array>;
}

export interface GalleryZipOptions {
  /** A CRC-32 computed for the source at `index` (its `crc32` was null), to be kept for the next archive. */
  onCrc?: (index: number, crc32: number) => void;
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

// The ZIP format (APPNOTE 6.3) as yazl 3.3 writes a stored entry added as a stream; see the decision record for why
// these few structures are written here rather than by yazl.
const LOCAL_HEADER = 30;
const DESCRIPTOR = 16;
const ZIP64_DESCRIPTOR = 24;
const CENTRAL_RECORD = 46;
const UT_EXTRA = 9;
const ZIP64_EXTRA = 28;
const EOCD = 22;
const ZIP64_EOCD = 56;
const ZIP64_LOCATOR = 20;
const FLAGS = (1 << 11) | (1 << 3); // UTF-8 names; CRC and sizes in a data descriptor after the data
const VERSION_MADE_BY = (3 << 8) | 63; // unix, spec 6.3
const VERSION_UTF8 = 20;
const VERSION_ZIP64 = 45;
const FILE_MODE = 0o100664;
const MAX32 = 0xffffffff;

interface Entry {
  name: Buffer;
  size: number;
  mtime: Date;
  /** Where the local header starts; the data follows it, then the data descriptor. */
  offset: number;
  zip64: boolean;
  crc: number | null;
}

interface Layout {
  entries: Entry[];
  centralOffset: number;
  centralSize: number;
  size: number;
}

function dataStart(e: Entry): number {
  return e.offset + LOCAL_HEADER + e.name.length;
}

function descriptorSize(e: Entry): number {
  return e.zip64 ? ZIP64_DESCRIPTOR : DESCRIPTOR;
}

function layout(sources: readonly ZipSource[]): Layout {
  const paths = zipPaths(sources);
  let cursor = 0;
  let centralSize = 0;
  const entries = sources.map((s, i): Entry => {
    if (!Number.isSafeInteger(s.size) || s.size < 0) throw new Error(`ZIP entry ${i}: a known byte size is required`);
    const name = Buffer.from(paths[i]!, 'utf8');
    const e: Entry = { name, size: s.size, mtime: s.mtime, offset: cursor, zip64: s.size > MAX32 - 1 || cursor > MAX32 - 1, crc: s.crc32 };
    cursor = dataStart(e) + e.size + descriptorSize(e);
    centralSize += CENTRAL_RECORD + name.length + UT_EXTRA + (e.zip64 ? ZIP64_EXTRA : 0);
    return e;
  });
  const zip64End = entries.length >= 0xffff || centralSize >= MAX32 || cursor >= MAX32;
  return { entries, centralOffset: cursor, centralSize, size: cursor + centralSize + (zip64End ? ZIP64_EOCD + ZIP64_LOCATOR : 0) + EOCD };
}

/** DOS date and time in the server's time zone, clamped to 1980–2107, as yazl and Info-ZIP write them. */
function dosDateTime(d: Date): { date: number; time: number } {
  const min = new Date(1980, 0, 1);
  const max = new Date(2107, 11, 31, 23, 59, 58);
  const t = d < min ? min : d > max ? max : d;
  return {
    date: (t.getDate() & 0x1f) | (((t.getMonth() + 1) & 0xf) << 5) | (((t.getFullYear() - 1980) & 0x7f) << 9),
    time: Math.floor(t.getSeconds() / 2) | ((t.getMinutes() & 0x3f) << 5) | ((t.getHours() & 0x1f) << 11),
  };
}

function localHeader(e: Entry): Buffer {
  const b = Buffer.alloc(LOCAL_HEADER + e.name.length);
  const { date, time } = dosDateTime(e.mtime);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION_UTF8, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC and sizes (14–25) stay 0: they follow in the data descriptor. Extra field length (28) 0.
  b.writeUInt16LE(e.name.length, 26);
  e.name.copy(b, LOCAL_HEADER);
  return b;
}

function descriptor(e: Entry, crc: number): Buffer {
  const b = Buffer.alloc(descriptorSize(e));
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc, 4);
  if (e.zip64) {
    b.writeBigUInt64LE(BigInt(e.size), 8);
    b.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    b.writeUInt32LE(e.size, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

function centralDirectory(l: Layout): Buffer {
  const out = Buffer.alloc(l.size - l.centralOffset);
  let p = 0;
  for (const e of l.entries) {
    const { date, time } = dosDateTime(e.mtime);
    out.writeUInt32LE(0x02014b50, p);
    out.writeUInt16LE(VERSION_MADE_BY, p + 4);
    out.writeUInt16LE(e.zip64 ? VERSION_ZIP64 : VERSION_UTF8, p + 6);
    out.writeUInt16LE(FLAGS, p + 8);
    out.writeUInt16LE(0, p + 10);
    out.writeUInt16LE(time, p + 12);
    out.writeUInt16LE(date, p + 14);
    out.writeUInt32LE(e.crc!, p + 16);
    out.writeUInt32LE(e.zip64 ? MAX32 : e.size, p + 20);
    out.writeUInt32LE(e.zip64 ? MAX32 : e.size, p + 24);
    out.writeUInt16LE(e.name.length, p + 28);
    out.writeUInt16LE(UT_EXTRA + (e.zip64 ? ZIP64_EXTRA : 0), p + 30);
    // comment length, disk number, internal attributes (32–37) stay 0
    out.writeUInt32LE((FILE_MODE << 16) >>> 0, p + 38);
    out.writeUInt32LE(e.zip64 ? MAX32 : e.offset, p + 42);
    p += CENTRAL_RECORD;
    p += e.name.copy(out, p);
    // Info-ZIP universal time: mtime (the atime flag set as Info-ZIP does), seconds clamped to 32 bits.
    out.writeUInt16LE(0x5455, p);
    out.writeUInt16LE(UT_EXTRA - 4, p + 2);
    out.writeUInt8(0b11, p + 4);
    out.writeInt32LE(Math.min(0x7fffffff, Math.max(-0x80000000, Math.floor(e.mtime.getTime() / 1000))), p + 5);
    p += UT_EXTRA;
    if (e.zip64) {
      out.writeUInt16LE(0x0001, p);
      out.writeUInt16LE(ZIP64_EXTRA - 4, p + 2);
      out.writeBigUInt64LE(BigInt(e.size), p + 4);
      out.writeBigUInt64LE(BigInt(e.size), p + 12);
      out.writeBigUInt64LE(BigInt(e.offset), p + 20);
      p += ZIP64_EXTRA;
    }
  }
  const count = l.entries.length;
  const zip64End = p + EOCD < out.length;
  if (zip64End) {
    const end64 = l.centralOffset + l.centralSize;
    out.writeUInt32LE(0x06064b50, p);
    out.writeBigUInt64LE(BigInt(ZIP64_EOCD - 12), p + 4);
    out.writeUInt16LE(VERSION_MADE_BY, p + 12);
    out.writeUInt16LE(VERSION_ZIP64, p + 14);
    // disk numbers (16–23) stay 0
    out.writeBigUInt64LE(BigInt(count), p + 24);
    out.writeBigUInt64LE(BigInt(count), p + 32);
    out.writeBigUInt64LE(BigInt(l.centralSize), p + 40);
    out.writeBigUInt64LE(BigInt(l.centralOffset), p + 48);
    p += ZIP64_EOCD;
    out.writeUInt32LE(0x07064b50, p);
    out.writeBigUInt64LE(BigInt(end64), p + 8);
    out.writeUInt32LE(1, p + 16);
    p += ZIP64_LOCATOR;
  }
  out.writeUInt32LE(0x06054b50, p);
  out.writeUInt16LE(count >= 0xffff ? 0xffff : count, p + 8);
  out.writeUInt16LE(count >= 0xffff ? 0xffff : count, p + 10);
  out.writeUInt32LE(l.centralSize >= MAX32 ? MAX32 : l.centralSize, p + 12);
  out.writeUInt32LE(l.centralOffset >= MAX32 ? MAX32 : l.centralOffset, p + 16);
  return out;
}

/** The archive as pieces in order: fixed bytes (headers, descriptors, the directory) and the files' data. */
type Piece = { start: number; length: number } & ({ kind: 'bytes'; bytes: () => Buffer } | { kind: 'data'; index: number });

function pieces(l: Layout): Piece[] {
  const out: Piece[] = [];
  l.entries.forEach((e, index) => {
    out.push({ kind: 'bytes', start: e.offset, length: dataStart(e) - e.offset, bytes: () => localHeader(e) });
    out.push({ kind: 'data', start: dataStart(e), length: e.size, index });
    out.push({ kind: 'bytes', start: dataStart(e) + e.size, length: descriptorSize(e), bytes: () => descriptor(e, e.crc!) });
  });
  out.push({ kind: 'bytes', start: l.centralOffset, length: l.size - l.centralOffset, bytes: () => centralDirectory(l) });
  return out.filter((p) => p.length > 0);
}

async function crcOf(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let crc = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return crc;
    crc = zlib.crc32(value, crc);
  }
}

/** The archive's exact byte size, without opening anything. */
export function zipSize(sources: readonly ZipSource[]): number {
  return layout(sources).size;
}

/** Bytes read from a local file at a time. */
export const ZIP_CHUNK = 1024 * 1024;

/**
 * The archive's bytes in order, from `first` to `last` (inclusive), as chunks. Local files (`localFile`) are read
 * into the buffers `take` gives (the caller decides when one may be reused); other sources are read from `open`.
 * Only files whose bytes are sent are opened (one at a time), except a file of unknown CRC before `first`, which is
 * read once for its CRC. Ending the iteration early (`return`) closes whatever file is open.
 */
async function* zipChunks(
  l: Layout,
  sources: readonly ZipSource[],
  first: number,
  last: number,
  take: () => Promise<Buffer>,
  learned: (index: number, crc: number) => void,
): AsyncGenerator<Uint8Array, void, undefined> {
  for (const [index, e] of l.entries.entries()) {
    if (e.crc === null && dataStart(e) < first) learned(index, await crcOf(await sources[index]!.open(0)));
  }
  const all = pieces(l);
  let pos = first;
  for (let at = all.findIndex((p) => p.start + p.length > first); at >= 0 && at < all.length && pos <= last; at++) {
    const piece = all[at]!;
    const whole = piece.start + piece.length; // exclusive
    const end = Math.min(whole, last + 1); // exclusive: where this piece's sent bytes stop
    if (piece.kind === 'bytes') {
      yield piece.bytes().subarray(pos - piece.start, end - piece.start);
      pos = end;
      continue;
    }
    const index = piece.index;
    const entry = l.entries[index]!;
    const name = () => entry.name.toString('utf8');
    const from = pos - piece.start;
    // The running CRC of a file whose CRC is not known (it is then sent from its first byte).
    let running = entry.crc === null ? 0 : null;
    if (running !== null && from !== 0) throw new Error(`ZIP entry ${index}: CRC unknown for a start inside the file`);
    const file = (await sources[index]!.localFile?.()) ?? null;
    if (file !== null) {
      const handle = await fs.open(file, 'r');
      try {
        const { size } = await handle.stat();
        if (size < entry.size) throw new Error(`ZIP entry ${index} (${name()}): the file ended ${entry.size - size} bytes short of its announced size`);
        if (size > entry.size) throw new Error(`ZIP entry ${index} (${name()}): the file is longer than its announced size`);
        while (pos < end) {
          const buf = await take();
          const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, end - pos), pos - piece.start);
          if (bytesRead === 0) throw new Error(`ZIP entry ${index} (${name()}): the file ended ${whole - pos} bytes short of its announced size`);
          const chunk = buf.subarray(0, bytesRead);
          if (running !== null) running = zlib.crc32(chunk, running);
          pos += bytesRead;
          yield chunk;
        }
      } finally {
        await handle.close();
      }
    } else {
      const reader = (await sources[index]!.open(from)).getReader();
      try {
        while (pos < end) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`ZIP entry ${index} (${name()}): the file ended ${whole - pos} bytes short of its announced size`);
          if (value.length > whole - pos) throw new Error(`ZIP entry ${index} (${name()}): the file is longer than its announced size`);
          if (running !== null) running = zlib.crc32(value, running);
          const send = Math.min(value.length, end - pos);
          pos += send;
          yield send === value.length ? value : value.subarray(0, send);
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
    }
    if (running !== null && pos === whole) learned(index, running);
  }
}

function prepared(sources: readonly ZipSource[], range: ByteRange | null, options: GalleryZipOptions) {
  const l = layout(sources);
  const learned = (index: number, crc: number) => {
    l.entries[index]!.crc = crc;
    options.onCrc?.(index, crc);
  };
  return { l, first: range?.start ?? 0, last: range?.end ?? l.size - 1, learned };
}

/**
 * Builds the archive of `sources` (in this order), or the bytes of `range`, as a web stream (fresh buffers, one
 * chunk read ahead). Only files whose bytes are sent are opened (one at a time), except a file of unknown CRC before
 * the range's start, which is read once for its CRC.
 */
export function galleryZip(sources: readonly ZipSource[], range: ByteRange | null = null, options: GalleryZipOptions = {}): GalleryZip {
  const { l, first, last, learned } = prepared(sources, range, options);
  const chunks = zipChunks(l, sources, first, last, async () => Buffer.allocUnsafe(ZIP_CHUNK), learned);
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // One chunk read ahead: the next file read overlaps the write of the previous chunk.
    { highWaterMark: 1 },
  );
  return { size: l.size, stream };
}

/**
 * Where the server's writer puts the archive: Node's `ServerResponse.write` with its callback (called once the
 * chunk has been handed to the socket, or with an error when the response is gone), and a signal that aborts when
 * the client goes away.
 */
export interface ZipSink {
  write(chunk: Uint8Array, done: (err?: Error | null) => void): boolean;
  signal: AbortSignal;
}

/** Chunks written and not yet taken by the socket, per download (with the one being read: its buffers, 4 MB). */
const IN_FLIGHT = 4;

/**
 * Writes the archive (or `range` of it) to `sink` with backpressure, for the production server's writer
 * (src/platform/declared-body.mjs): local files are read into a few recycled 1 MB buffers, each reused only after
 * the socket has taken its bytes, so a 5 GB archive allocates 4 buffers instead of 5 000 (each fresh buffer is
 * memory the garbage collector must find again, and with the server's small heap-growing step they made it collect
 * the whole heap again and again). At most IN_FLIGHT chunks are written and not yet taken by the socket. Rejects
 * when a file fails or the client went away; the response is then destroyed. Sources without a local file (S3) are
 * written as their streams give them, under the same limit.
 */
export async function writeGalleryZip(sources: readonly ZipSource[], range: ByteRange | null, sink: ZipSink, options: GalleryZipOptions = {}): Promise<void> {
  const { l, first, last, learned } = prepared(sources, range, options);
  // This download's buffers by their memory, to know a chunk read into one of them (chunks are views of them).
  const mine = new Map<ArrayBufferLike, Buffer>();
  const spare: Buffer[] = [];
  let inFlight = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const settle = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const aborted = () => failure ?? (sink.signal.aborted ? new Error('The client closed the connection') : null);
  const onAbort = () => settle();
  sink.signal.addEventListener('abort', onAbort);
  /** Waits until fewer than `limit` chunks are in flight, or throws why the download ended. */
  const room = async (limit: number) => {
    for (;;) {
      const err = aborted();
      if (err) throw err;
      if (inFlight < limit) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  // The reader may hold one buffer while IN_FLIGHT are in the socket.
  const take = async (): Promise<Buffer> => {
    await room(IN_FLIGHT);
    const buf = spare.pop() ?? Buffer.allocUnsafeSlow(ZIP_CHUNK);
    mine.set(buf.buffer, buf);
    return buf;
  };
  const chunks = zipChunks(l, sources, first, last, take, learned);
  try {
    for await (const chunk of chunks) {
      await room(IN_FLIGHT);
      inFlight++;
      const pooled = mine.get(chunk.buffer) ?? null;
      sink.write(chunk, (err) => {
        inFlight--;
        if (err) failure ??= err;
        else if (pooled) spare.push(pooled);
        settle();
      });
    }
    // Everything is written once the last callback has come (the response may then end).
    await room(1);
  } finally {
    sink.signal.removeEventListener('abort', onAbort);
    await chunks.return(undefined);
  }
}
