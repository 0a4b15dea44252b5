/**
 * The simple multipart upload of a gallery photo (`POST /api/admin/galleries/{id}/photos`) as its route reads it:
 * the file is streamed to a temporary file and hashed on the way, other parts are skipped, and bad input — no file,
 * a broken or cut-off body, a file past the limit, not multipart at all — gets a Czech 4xx without the body being
 * held or read to its end. The whole route (auth, the photo module, duplicates) runs in tests/e2e/galleries-admin.e2e.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/platform/env';
import { MAX_UPLOAD_BYTES, PhotoError } from '@/photos/public.server';
import { spoolMultipartFile } from '@/galleries/http.server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-multipart-'));
const previous = process.env.DATA_DIR;
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
});
afterAll(() => {
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  resetEnvForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----svatba7f3a';
const url = 'http://localhost/api/admin/galleries/x/photos';

function part(name: string, value: string | Buffer, fileName?: string): Buffer {
  const disposition = fileName === undefined ? `form-data; name="${name}"` : `form-data; name="${name}"; filename*=utf-8''${encodeURIComponent(fileName)}`;
  const type = fileName === undefined ? '' : 'Content-Type: image/jpeg\r\n';
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(value), Buffer.from('\r\n')]);
}

function request(body: Buffer | ReadableStream<Uint8Array>, type = `multipart/form-data; boundary=${BOUNDARY}`): Request {
  return new Request(url, { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit & { duplex: 'half' });
}

async function refusal(req: Request): Promise<PhotoError> {
  try {
    await spoolMultipartFile(req);
  } catch (err) {
    if (err instanceof PhotoError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

function leftovers(): string[] {
  const dir = path.join(dataDir, 'tmp', 'photos', 'multipart');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('multipart gallery upload', () => {
  it('streams the file to disk with its SHA-256 and size, skipping other parts, and keeps the set and the UTF-8 name', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const setId = '6f1c2a9e-6b1d-4c43-9a63-0d2f6c1b7e11';
    const body = Buffer.concat([part('poznamka', 'nic'), part('file', bytes, 'Žluťoučký kůň.jpg'), part('setId', setId), Buffer.from(`--${BOUNDARY}--\r\n`)]);
    const spooled = await spoolMultipartFile(request(body));
    try {
      expect(spooled.fileName).toBe('Žluťoučký kůň.jpg');
      expect(spooled.setId).toBe(setId);
      expect(spooled.size).toBe(bytes.length);
      expect(spooled.hash).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(fs.readFileSync(spooled.filePath).equals(bytes)).toBe(true);
    } finally {
      await spooled.cleanup();
    }
    expect(leftovers()).toEqual([]);
  });

  it('refuses bad input with a Czech 4xx and leaves no temporary file', async () => {
    const noFile = await refusal(request(Buffer.concat([part('setId', ''), Buffer.from(`--${BOUNDARY}--\r\n`)])));
    expect([noFile.status, noFile.message]).toEqual([400, 'Chybí soubor v poli „file“.']);

    const cut = await refusal(request(Buffer.concat([part('file', randomBytes(100_000), 'DSC_1.jpg')]).subarray(0, 60_000)));
    expect(cut.status).toBe(400);
    expect(cut.message).toMatch(/Formulář se nepodařilo přečíst/);

    const badSet = await refusal(request(Buffer.concat([part('file', randomBytes(10), 'DSC_1.jpg'), part('setId', '../x'), Buffer.from(`--${BOUNDARY}--\r\n`)])));
    expect([badSet.status, badSet.message]).toEqual([400, 'Neplatná sada.']);

    const noBoundary = await refusal(request(Buffer.from('x'), 'multipart/form-data'));
    expect(noBoundary.status).toBe(400);

    const json = await refusal(request(Buffer.from('{}'), 'application/json'));
    expect(json.status).toBe(415);
    expect(json.message).toMatch(/Očekáván formulář multipart\/form-data/);
    expect(leftovers()).toEqual([]);
  });

  it('stops a file past the limit at the limit (413), without reading the rest of the body', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const total = MAX_UPLOAD_BYTES + 50 * 1024 * 1024;
    const head = part('file', Buffer.alloc(0), 'DSC_9999.tif').subarray(0, -2);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const refused = await refusal(request(body));
    expect(refused.status).toBe(413);
    expect(refused.message).toMatch(/Soubor je větší než 200 MB/);
    expect(sent).toBeLessThan(total);
    expect(leftovers()).toEqual([]);
  });
});
