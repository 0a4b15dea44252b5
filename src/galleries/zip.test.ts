import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { fileStream } from '@/platform/storage/local';
import { applyDeclaredBody, declareBody, DECLARED_BODY } from '@/platform/declared-body.mjs';
import { galleryZip, parseRange, writeGalleryZip, zipPaths, zipSize, type ByteRange, type GalleryZipOptions, type ZipSource } from './zip.server';

let dir: string;
const files: { folder: string | null; fileName: string; path: string; bytes: Buffer }[] = [];
const mtime = new Date('2026-06-13T14:00:00Z');

function sources(known = true): ZipSource[] {
  return files.map((f) => ({
    folder: f.folder,
    fileName: f.fileName,
    size: f.bytes.length,
    mtime,
    crc32: known ? zlib.crc32(f.bytes) : null,
    open: async (start) => fileStream(f.path, start, f.bytes.length - 1),
  }));
}

/** The same sources with their local file, as local storage gives them: the writers read it into their own buffers. */
function localSources(known = true): ZipSource[] {
  return sources(known).map((s, i) => ({ ...s, localFile: async () => files[i]!.path }));
}

/**
 * The archive written by the production server's path: a real HTTP server whose response declares its body
 * (src/platform/declared-body.mjs) and has it written by writeGalleryZip. Returns the bytes a client received
 * (or the client's error) and how the writer ended.
 */
async function overHttp(src: ZipSource[], range: ByteRange | null = null, options: GalleryZipOptions = {}, abortAfter?: number) {
  let written: Promise<void> | null = null;
  const server = http.createServer((req, res) => {
    applyDeclaredBody(res, () => undefined);
    res.statusCode = range ? 206 : 200;
    res.setHeader(DECLARED_BODY, declareBody({ write: (sink) => (written = writeGalleryZip(src, range, sink, options)), cancel: () => undefined }));
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    let body: Buffer | Error;
    if (abortAfter === undefined) {
      body = await res.arrayBuffer().then((b) => Buffer.from(b), (err: unknown) => err as Error);
    } else {
      const reader = res.body!.getReader();
      let got = 0;
      while (got < abortAfter) got += (await reader.read()).value?.length ?? Infinity;
      await reader.cancel();
      body = new Error('aborted by the client');
    }
    const outcome = await (written as Promise<void> | null)?.then(() => 'done', (err: unknown) => err as Error);
    return { body, outcome, headers: res.headers, status: res.status };
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

/** Open descriptors of this process pointing at `file`. */
function openDescriptors(file: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return Buffer.concat(parts);
    parts.push(Buffer.from(value));
  }
}

/** What yazl writes for the same files added as streams (the format this archive keeps, byte for byte). */
async function yazlBytes(src: { path: string; size: number; name: string }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const f of src) zip.addReadStreamLazy(f.name, { size: f.size, mtime, compress: false }, (cb) => cb(null, fs.createReadStream(f.path)));
  zip.end();
  const parts: Buffer[] = [];
  for await (const c of zip.outputStream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-zip-'));
  const specs: [string | null, string, number][] = [
    ['Přípravy', 'DSC_1024.jpg', 3_000_000],
    ['Přípravy', 'DSC_1025.jpg', 1],
    ['Obřad', 'DSC_1188.jpg', 650_000],
    ['Obřad', 'dsc_1188.JPG', 10],
    ['Portréty a západ slunce', 'Žluťoučký kůň.jpg', 120_000],
    [null, 'titulní.jpg', 5000],
  ];
  specs.forEach(([folder, fileName, size], i) => {
    const bytes = crypto.randomBytes(size);
    const p = path.join(dir, `f${i}`);
    fs.writeFileSync(p, bytes);
    files.push({ folder, fileName, path: p, bytes });
  });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('gallery ZIP', () => {
  it('knows its exact size up front and unpacks (unzip -t) to exactly the stored files under Czech UTF-8 folders', async () => {
    const zip = galleryZip(sources());
    const bytes = await collect(zip.stream);
    expect(bytes.length).toBe(zip.size);
    expect(zipSize(sources())).toBe(zip.size);
    const zipPath = path.join(dir, 'all.zip');
    fs.writeFileSync(zipPath, bytes);
    const test = execFileSync('unzip', ['-t', zipPath], { encoding: 'utf8' });
    expect(test).toContain('No errors detected');

    const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n');
    const details = execFileSync('unzip', ['-Zv', zipPath], { encoding: 'utf8' });
    expect(details.match(/compression method:\s+none \(stored\)/g)?.length).toBe(files.length);
    expect(names).toEqual([
      'Přípravy/DSC_1024.jpg',
      'Přípravy/DSC_1025.jpg',
      'Obřad/DSC_1188.jpg',
      'Obřad/dsc_1188 (2).JPG',
      'Portréty a západ slunce/Žluťoučký kůň.jpg',
      'titulní.jpg',
    ]);
    names.forEach((name, i) => {
      // unzip treats [ ] * ? as patterns; none of these names has one.
      const content = execFileSync('unzip', ['-p', zipPath, name], { maxBuffer: 8 * 1024 * 1024 });
      expect(content.equals(files[i]!.bytes)).toBe(true);
    });
  });

  it('writes the very bytes yazl writes for the same entries, with CRCs known or computed while streaming', async () => {
    const paths = zipPaths(files);
    const reference = await yazlBytes(files.map((f, i) => ({ path: f.path, size: f.bytes.length, name: paths[i]! })));
    expect((await collect(galleryZip(sources(true)).stream)).equals(reference)).toBe(true);
    const learned = new Map<number, number>();
    const computed = await collect(galleryZip(sources(false), null, { onCrc: (i, crc) => learned.set(i, crc) }).stream);
    expect(computed.equals(reference)).toBe(true);
    expect([...learned.entries()].sort(([a], [b]) => a - b)).toEqual(files.map((f, i) => [i, zlib.crc32(f.bytes)]));
  });

  it('matches yazl with a central directory past 64 KB (800 photos) and its size is the streamed length', async () => {
    const one = path.join(dir, 'tiny');
    fs.writeFileSync(one, 'x');
    const many: ZipSource[] = Array.from({ length: 800 }, (_, i) => ({
      folder: 'Hostina a večerní zábava',
      fileName: `DSC_${String(i).padStart(5, '0')}-svatba-anna-a-petr.jpg`,
      size: 1,
      mtime,
      crc32: zlib.crc32('x'),
      open: async (start) => fileStream(one, start, 0),
    }));
    const zip = galleryZip(many);
    const bytes = await collect(zip.stream);
    expect(bytes.length).toBe(zip.size);
    const paths = zipPaths(many);
    expect(bytes.equals(await yazlBytes(paths.map((name) => ({ path: one, size: 1, name }))))).toBe(true);
  });

  it('serves any range as the same bytes as the whole archive, opening only the files the range holds', async () => {
    const whole = await collect(galleryZip(sources()).stream);
    const cuts = [0, 1, 29, 100, 3_000_000, 3_000_100, 3_650_200, whole.length - 200, whole.length - 23, whole.length - 1];
    for (const start of cuts) {
      for (const end of [start, start + 5000, whole.length - 1]) {
        const last = Math.min(end, whole.length - 1);
        const part = await collect(galleryZip(sources(), { start, end: last }).stream);
        expect(part.equals(whole.subarray(start, last + 1)), `bytes ${start}-${last}`).toBe(true);
      }
    }
    // Nothing before the range is opened: a resume at 9 GB does not read the first 9 GB.
    const resumed: number[] = [];
    const src = sources().map((s, i) => ({ ...s, open: async (from: number) => (resumed.push(i), s.open(from)) }));
    await collect(galleryZip(src, { start: 3_000_200, end: whole.length - 1 }).stream);
    expect(resumed).toEqual([2, 3, 4, 5]);
  });

  it('reads a file of unknown CRC before a range that starts after it once, and hands the CRC over to be kept', async () => {
    const whole = await collect(galleryZip(sources()).stream);
    const learned: number[] = [];
    const start = 3_100_000; // inside the third file
    const part = await collect(galleryZip(sources(false), { start, end: whole.length - 1 }, { onCrc: (i) => learned.push(i) }).stream);
    expect(part.equals(whole.subarray(start))).toBe(true);
    expect(learned.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('fails the stream when a stored file is shorter than its recorded size', async () => {
    const src = sources();
    src[1] = { ...src[1]!, size: 2 };
    await expect(collect(galleryZip(src).stream)).rejects.toThrow(/short/);
  });

  it('closes the open file when the reader goes away mid-archive', async () => {
    const cancelled: number[] = [];
    const src = sources().map((s, i) => ({
      ...s,
      open: async (from: number) => {
        const inner = (await s.open(from)).getReader();
        return new ReadableStream<Uint8Array>({
          pull: async (c) => {
            const { value, done } = await inner.read();
            if (done) c.close();
            else c.enqueue(value);
          },
          cancel: async () => {
            cancelled.push(i);
            await inner.cancel();
          },
        });
      },
    }));
    const reader = galleryZip(src).stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(cancelled).toEqual([0]);
  });

  it('past 4 GB lays out ZIP64 records, and a range at the end opens no file at all', async () => {
    // Three 2.2 GB entries whose CRCs are known: the end of the archive is written without reading their bytes.
    const opened: number[] = [];
    const big: ZipSource[] = Array.from({ length: 3 }, (_, i) => ({
      folder: 'Hostina',
      fileName: `video-${i}.mov`,
      size: 2_200_000_000,
      mtime,
      crc32: 0x1234567 + i,
      open: async () => {
        opened.push(i);
        throw new Error('not to be opened');
      },
    }));
    const size = zipSize(big);
    const record = 46 + 'Hostina/video-0.mov'.length + 9;
    const tailLength = 3 * record + 28 + 56 + 20 + 22;
    const tail = await collect(galleryZip(big, { start: size - tailLength, end: size - 1 }).stream);
    expect(opened).toEqual([]);
    // The third entry starts past 4 GB: its central record points there through the ZIP64 extra field.
    const third = 2 * record;
    expect(tail.readUInt32LE(record + 42)).toBe(30 + 19 + 2_200_000_000 + 16);
    expect(tail.readUInt32LE(third)).toBe(0x02014b50);
    expect(tail.readUInt32LE(third + 16)).toBe(0x1234567 + 2);
    expect(tail.readUInt32LE(third + 42)).toBe(0xffffffff);
    expect(tail.readUInt16LE(third + 46 + 19 + 9)).toBe(0x0001);
    expect(Number(tail.readBigUInt64LE(third + 46 + 19 + 9 + 20))).toBe(2 * (30 + 19 + 2_200_000_000 + 16));
    // The ZIP64 end record and its locator, then the classic end record.
    const end64 = 3 * record + 28;
    expect(tail.readUInt32LE(end64)).toBe(0x06064b50);
    expect(Number(tail.readBigUInt64LE(end64 + 48))).toBe(size - tailLength);
    expect(tail.readUInt32LE(end64 + 56)).toBe(0x07064b50);
    expect(tail.readUInt32LE(end64 + 76)).toBe(0x06054b50);
  });

  it('writes the same archive to a socket, local files read into recycled buffers, whole and in any range', async () => {
    const whole = await collect(galleryZip(sources()).stream);
    // Local files (recycled 1 MB buffers) and storage streams (S3) give the same bytes as the web stream.
    for (const src of [localSources(), sources()]) {
      const sent = await overHttp(src);
      expect(sent.outcome).toBe('done');
      expect(Buffer.isBuffer(sent.body) && sent.body.equals(whole)).toBe(true);
    }
    for (const start of [0, 29, 3_000_000, 3_650_200, whole.length - 23]) {
      for (const end of [start + 5000, whole.length - 1]) {
        const last = Math.min(end, whole.length - 1);
        const sent = await overHttp(localSources(), { start, end: last });
        expect(sent.status).toBe(206);
        expect(Buffer.isBuffer(sent.body) && sent.body.equals(whole.subarray(start, last + 1)), `bytes ${start}-${last}`).toBe(true);
      }
    }
    // Unknown CRCs are computed from the recycled buffers as they are sent.
    const learned = new Map<number, number>();
    const computed = await overHttp(localSources(false), null, { onCrc: (i, crc) => learned.set(i, crc) });
    expect(Buffer.isBuffer(computed.body) && computed.body.equals(whole)).toBe(true);
    expect([...learned.entries()].sort(([a], [b]) => a - b)).toEqual(files.map((f, i) => [i, zlib.crc32(f.bytes)]));
  });

  it('reuses its buffers only after the socket took them: a 40 MB photo arrives intact', async () => {
    const bytes = crypto.randomBytes(40 * 1024 * 1024 + 17);
    const big = path.join(dir, 'big');
    fs.writeFileSync(big, bytes);
    const src: ZipSource = { folder: null, fileName: 'DSC_9999.jpg', size: bytes.length, mtime, crc32: zlib.crc32(bytes), open: async (start) => fileStream(big, start, bytes.length - 1), localFile: async () => big };
    const sent = await overHttp([src]);
    expect(sent.outcome).toBe('done');
    expect(Buffer.isBuffer(sent.body) && sent.body.equals(await collect(galleryZip([src]).stream))).toBe(true);
  });

  it('cuts the connection when a local file is shorter or longer than its recorded size', async () => {
    for (const size of [files[0]!.bytes.length - 1, files[0]!.bytes.length + 1]) {
      const src = localSources();
      src[0] = { ...src[0]!, size };
      const sent = await overHttp(src);
      expect(sent.body).toBeInstanceOf(Error);
      expect(sent.outcome).toBeInstanceOf(Error);
      expect((sent.outcome as Error).message).toMatch(size < files[0]!.bytes.length ? /longer/ : /short/);
    }
  });

  it('stops reading and closes the file when the client goes away mid-archive', async () => {
    const bytes = crypto.randomBytes(60 * 1024 * 1024);
    const big = path.join(dir, 'big-abort');
    fs.writeFileSync(big, bytes);
    const src: ZipSource = { folder: null, fileName: 'DSC_9998.jpg', size: bytes.length, mtime, crc32: zlib.crc32(bytes), open: async (start) => fileStream(big, start, bytes.length - 1), localFile: async () => big };
    const sent = await overHttp([src], null, {}, 2 * 1024 * 1024);
    expect(sent.outcome).toBeInstanceOf(Error);
    expect(openDescriptors(big)).toBe(0);
  });

  it('parses Range headers strictly', () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange('bytes=10-20', 100)).toEqual({ start: 10, end: 20 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=20-10', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });

  it('keeps archive paths unique and safe', () => {
    expect(zipPaths([{ folder: '../etc', fileName: '../../passwd' }, { folder: null, fileName: '' }])).toEqual(['etc/passwd', 'foto-2.jpg']);
  });
});
