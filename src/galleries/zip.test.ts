import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryZip, parseRange, toWebStream, zipPaths, type ZipSource } from './zip.server';

let dir: string;
const files: { folder: string | null; fileName: string; path: string; bytes: Buffer }[] = [];
const mtime = new Date('2026-06-13T14:00:00Z');

function sources(): ZipSource[] {
  return files.map((f) => ({
    folder: f.folder,
    fileName: f.fileName,
    size: f.bytes.length,
    mtime,
    open: async () => fs.createReadStream(f.path, { highWaterMark: 16 * 1024 }),
  }));
}

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-zip-'));
  const specs: [string | null, string, number][] = [
    ['Přípravy', 'DSC_1024.jpg', 300_000],
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
      const content = execFileSync('unzip', ['-p', zipPath, name], { maxBuffer: 4 * 1024 * 1024 });
      expect(content.equals(files[i]!.bytes)).toBe(true);
    });
  });

  it('is the same bytes every time, so ranges resume: an interrupted download plus the rest is the whole archive', async () => {
    const whole = await collect(galleryZip(sources()).stream);
    const cut = 400_123; // inside the third file's data
    const first = galleryZip(sources(), { start: 0, end: cut - 1 });
    const head = await collect(first.stream);
    expect(head.length).toBe(cut);
    const rest = await collect(galleryZip(sources(), { start: cut, end: whole.length - 1 }).stream);
    expect(Buffer.concat([head, rest]).equals(whole)).toBe(true);
    // A range in the middle, ending inside the central directory.
    const mid = await collect(galleryZip(sources(), { start: 1000, end: whole.length - 50 }).stream);
    expect(mid.equals(whole.subarray(1000, whole.length - 49))).toBe(true);
  });

  it('closes the open file when the reader goes away mid-archive', async () => {
    const opened: fs.ReadStream[] = [];
    const src = sources().map((s, i) => ({
      ...s,
      open: async () => {
        const rs = fs.createReadStream(files[i]!.path, { highWaterMark: 4096 });
        opened.push(rs);
        return rs;
      },
    }));
    const zip = galleryZip(src);
    const web = toWebStream(zip.stream);
    const reader = web.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await new Promise<void>((resolve) => {
      const check = () => (opened.every((s) => s.closed) ? resolve() : setImmediate(check));
      check();
    });
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.every((s) => s.closed)).toBe(true);
  });

  it('reports the size of an archive past 4 GB (ZIP64 structures counted) without reading a byte', () => {
    const big: ZipSource[] = Array.from({ length: 3 }, (_, i) => ({
      folder: 'Hostina',
      fileName: `video-${i}.mov`,
      size: 2_000_000_000,
      mtime,
      open: async () => Readable.from([]),
    }));
    const small: ZipSource[] = big.map((s) => ({ ...s, size: 1000 }));
    const bigZip = galleryZip(big);
    const smallZip = galleryZip(small);
    bigZip.stream.destroy();
    smallZip.stream.destroy();
    // Same names and count: the difference is the data plus the ZIP64 records (end record 56 + locator 20, and
    // per entry an extra field in the central directory and a longer data descriptor).
    const overhead = bigZip.size - smallZip.size - 3 * (2_000_000_000 - 1000);
    expect(overhead).toBeGreaterThanOrEqual(76);
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
