process.env.LOG_LEVEL ??= 'error';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '@/db/client';
import { mailOutbox, photos as photosTable } from '@/db/schema';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { createLocalStorage } from '@/platform/storage/local';
import { addGalleryPhotoFromFile, addSet, createGallery, galleryById, type GalleryDeps } from '@/galleries/public.server';
import { updateGallery } from '@/galleries/admin.server';
import type { Gallery } from '@/galleries/types';
import {
  ACCESS_FAILURES_PER_ADDRESS,
  downloadSize,
  enterByAccount,
  enterCode,
  favoritesOf,
  openZip,
  planZip,
  rememberEmail,
  setFavorite,
  setSelected,
  submitAlbum,
  visitorFromToken,
  VisitorError,
  type Visitor,
} from '@/galleries/visitor.server';
import { answerConsent, deliveryOverview, reopenAlbumSelection, selectionCsv, selectionForAdmin } from '@/galleries/admin-delivery.server';
import { notifySelection, sendReadyMail } from '@/galleries/mail.server';
import { sendDueReminders, galleriesOfEmail } from '@/galleries/delivery-jobs.server';
import { variantKeyOf } from '@/photos/keys';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * The couple's side of client galleries against PGlite and (with TEST_DATABASE_URL) PostgreSQL, with real files:
 * codes and their limits, favourites across devices, the album selection's limit, downloads and the ZIP, mails.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-delivery-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * What the photo worker leaves behind for a ready photo: its download files in storage and the row marked ready
 * with their sizes. (The worker's own processing is tested with the photo module; here the files are the upload's
 * bytes and a distinct web copy, so what a ZIP holds can be compared byte for byte.)
 */
async function finishProcessing(deps: GalleryDeps, photoId: string, source: Buffer): Promise<{ original: Buffer; web: Buffer }> {
  const web = Buffer.concat([source.subarray(0, 1000), Buffer.from(`web:${photoId}`)]);
  await deps.storage.put(variantKeyOf(photoId, 'original'), source, 'image/jpeg');
  await deps.storage.put(variantKeyOf(photoId, 'web'), web, 'image/jpeg');
  await deps.storage.put(variantKeyOf(photoId, 'small'), Buffer.from('small'), 'image/webp');
  await deps.storage.put(variantKeyOf(photoId, 'medium'), Buffer.from('medium'), 'image/webp');
  await deps.db
    .update(photosTable)
    .set({ status: 'ready', width: 900, height: 600, downloadBytes: source.length, webBytes: web.length, processedAt: new Date() })
    .where(eq(photosTable.id, photoId));
  return { original: source, web };
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

async function rejects(p: Promise<unknown>, status: number, text?: RegExp): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VisitorError);
  expect((err as VisitorError).status).toBe(status);
  if (text) expect((err as VisitorError).message).toMatch(text);
}

describe.each([
  ['PGlite', 'pglite' as const, true],
  ['PostgreSQL', 'postgres' as const, hasPostgres],
])('gallery delivery on %s', (_label, kind, enabled) => {
  let h: DbHandle;
  let deps: GalleryDeps;
  let db: Db;
  let gallery: Gallery;
  const files = new Map<string, { fileName: string; original: Buffer; web: Buffer; set: string | null }>();
  const now = new Date('2026-11-25T10:00:00Z');

  beforeAll(async () => {
    if (!enabled) return;
    h = await createTestDb(kind);
    db = h.db;
    deps = { db, storage: createLocalStorage(fs.mkdtempSync(path.join(tmp, `${kind}-`))) };
    const created = await createGallery(deps, { title: 'Anna a Petr', date: '2026-06-13', coupleEmail: 'anna@example.cz', expiresAt: new Date('2027-06-13T00:00:00Z') });
    const pripravy = await addSet(deps, created.id, 'Přípravy');
    const obrad = await addSet(deps, created.id, 'Obřad');
    const names: [string, string | null][] = [
      ['DSC_1024.jpg', pripravy.id],
      ['DSC_1025.jpg', pripravy.id],
      ['DSC_1188.jpg', obrad.id],
      ['Žluťoučký.jpg', null],
    ];
    for (const [i, [fileName, setId]] of names.entries()) {
      const file = path.join(tmp, `${kind}-${i}.jpg`);
      const bytes = await makeTestJpeg({ width: 320, height: 200, seed: i + 1 });
      fs.writeFileSync(file, bytes);
      const added = await addGalleryPhotoFromFile(deps, created.id, { filePath: file, fileName, ...(setId ? { setId } : {}) });
      const done = await finishProcessing(deps, added.id, bytes);
      files.set(added.id, { fileName, ...done, set: setId === pripravy.id ? 'Přípravy' : setId === obrad.id ? 'Obřad' : null });
    }
    await updateGallery(deps, created.id, { published: true, selectionLimit: 2, guestCode: 'HOSTE-2026' });
    gallery = (await galleryById(deps, created.id))!;
  }, 120_000);
  afterAll(async () => {
    if (enabled) await h.close();
  });

  const ids = () => [...files.keys()];

  it.runIf(enabled)('lets the couple and guests in by their codes, refuses wrong ones, and limits guessing per address', async () => {
    await rejects(enterCode(db, gallery, 'SPATNY', '203.0.113.1', now), 401, /kód nesedí/);
    const couple = await enterCode(db, gallery, ` ${gallery.code.toLowerCase()} `, '203.0.113.1', now);
    expect(couple.kind).toBe('couple');
    const guest = await enterCode(db, gallery, 'hoste 2026', '203.0.113.2', now);
    expect(guest.kind).toBe('guest');
    expect((await visitorFromToken(db, gallery, couple.token, now))?.kind).toBe('couple');
    expect(await visitorFromToken(db, gallery, 'x'.repeat(43), now)).toBeNull();

    // One address guessing: refused after the limit, even with the right code (429 until the window ends).
    for (let i = 1; i < ACCESS_FAILURES_PER_ADDRESS; i++) await rejects(enterCode(db, gallery, `SPATNY${i}`, '203.0.113.1', now), 401);
    await rejects(enterCode(db, gallery, 'SPATNY-X', '203.0.113.1', now), 429, /Příliš mnoho pokusů/);
    await rejects(enterCode(db, gallery, gallery.code, '203.0.113.1', now), 429);
    // Another address is not affected.
    expect((await enterCode(db, gallery, gallery.code, '203.0.113.9', now)).kind).toBe('couple');
  });

  it.runIf(enabled)('ends an access when the photographer changes that code', async () => {
    const guest = await enterCode(db, gallery, 'HOSTE-2026', '198.51.100.7', now);
    await updateGallery(deps, gallery.id, { guestCode: 'NOVY-KOD' });
    const changed = (await galleryById(deps, gallery.id))!;
    expect(await visitorFromToken(db, changed, guest.token, now)).toBeNull();
    await updateGallery(deps, gallery.id, { guestCode: 'HOSTE-2026' });
  });

  it.runIf(enabled)('merges favourites of two devices once both give the same e-mail; refuses photos of other galleries', async () => {
    const phone = (await enterCode(db, gallery, gallery.code, '198.51.100.20', now)).visitor;
    const laptop = (await enterCode(db, gallery, gallery.code, '198.51.100.21', now)).visitor;
    const [a, b, c] = ids();
    await setFavorite(deps, gallery, phone, a!, true);
    await setFavorite(deps, gallery, laptop, b!, true);
    await setFavorite(deps, gallery, laptop, b!, true); // idempotent
    expect(await favoritesOf(db, gallery, phone)).toEqual([a]);
    const phoneWithMail = await rememberEmail(db, gallery, phone, 'Anna@Example.cz');
    const laptopWithMail = await rememberEmail(db, gallery, laptop, 'anna@example.cz');
    expect((await favoritesOf(db, gallery, phoneWithMail)).sort()).toEqual([a, b].sort());
    await setFavorite(deps, gallery, laptopWithMail, c!, true);
    await setFavorite(deps, gallery, phoneWithMail, a!, false);
    expect((await favoritesOf(db, gallery, laptopWithMail)).sort()).toEqual([b, c].sort());

    const other = await createGallery(deps, { title: 'Jiná svatba' });
    const foreignFile = path.join(tmp, `${kind}-foreign.jpg`);
    fs.writeFileSync(foreignFile, await makeTestJpeg({ width: 100, height: 100, seed: 99 }));
    const foreign = await addGalleryPhotoFromFile(deps, other.id, { filePath: foreignFile, fileName: 'cizi.jpg' });
    await rejects(setFavorite(deps, gallery, phoneWithMail, foreign.id, true), 404, /není/);
    await rejects(setFavorite(deps, gallery, phoneWithMail, '../../etc', true), 404);
  });

  it.runIf(enabled)('keeps the album selection within its limit, also under concurrent additions, and mails the file names as a Lightroom filter', async () => {
    const couple = await rememberEmail(db, gallery, (await enterCode(db, gallery, gallery.code, '198.51.100.30', now)).visitor, 'petr@example.cz');
    const guest = (await enterCode(db, gallery, 'HOSTE-2026', '198.51.100.31', now)).visitor;
    const [a, b, c, d] = ids();
    await rejects(setSelected(deps, gallery, guest, a!, true), 403);
    const results = await Promise.allSettled([a, b, c, d].map((id) => setSelected(deps, gallery, couple, id!, true)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as VisitorError).status)).toEqual([409, 409]);
    expect((refused[0]!.reason as VisitorError).message).toMatch(/nejvýše 2 fotografií/);
    const chosen = (await selectionForAdmin(deps, gallery)).fileNames;
    expect(chosen).toHaveLength(2);

    const submitted = await submitAlbum(deps, gallery, couple, now);
    await notifySelection(db, gallery, submitted, couple.email!);
    await rejects(setSelected(deps, gallery, couple, d!, true), 409, /už odeslaný/);
    const admin = await selectionForAdmin(deps, gallery);
    expect(admin.submittedBy).toBe('petr@example.cz');
    expect(admin.lightroom).toBe(chosen.map((n) => n.replace(/\.jpg$/, '')).join(' OR '));
    expect(selectionCsv(gallery, admin)).toContain(chosen[0]);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'gallery-selection'));
    expect(mail?.text).toContain(admin.lightroom);

    expect(await reopenAlbumSelection(db, gallery, now)).toBe(true);
    await setSelected(deps, gallery, couple, chosen.length ? ids().find((id) => !admin.fileNames.includes(files.get(id)!.fileName))! : d!, false);
  });

  it.runIf(enabled)('decides download sizes by the code and the settings, and checks the PIN', async () => {
    const couple = (await enterCode(db, gallery, gallery.code, '198.51.100.40', now)).visitor;
    const guest = (await enterCode(db, gallery, 'HOSTE-2026', '198.51.100.41', now)).visitor;
    expect(await downloadSize(db, gallery, couple, null, null, 'a', now)).toBe('original');
    expect(await downloadSize(db, gallery, guest, null, null, 'a', now)).toBe('web');
    await rejects(downloadSize(db, gallery, guest, 'original', null, 'a', now), 403, /plném rozlišení/);
    await rejects(downloadSize(db, gallery, couple, 'huge', null, 'a', now), 400);
    const withPin = { ...gallery, downloadPin: '4821' };
    await rejects(downloadSize(db, withPin, couple, null, null, 'b', now), 403, /PIN/);
    await rejects(downloadSize(db, withPin, couple, null, '0000', 'b', now), 403, /nesedí/);
    expect(await downloadSize(db, withPin, couple, 'web', '4821', 'b', now)).toBe('web');
    await rejects(downloadSize(db, { ...gallery, downloads: 'none' }, couple, null, null, 'a', now), 403);
  });

  it.runIf(enabled)('zips the whole gallery, a set and the favourites to exactly the stored files, and resumes with a range', async () => {
    const couple: Visitor = (await enterCode(db, gallery, gallery.code, '198.51.100.50', now)).visitor;
    const plan = await planZip(deps, gallery, couple, { kind: 'all' }, 'original');
    const whole = openZip(plan, null);
    const bytes = await collect(whole.stream);
    expect(bytes.length).toBe(whole.size);
    const zipPath = path.join(tmp, `${kind}-all.zip`);
    fs.writeFileSync(zipPath, bytes);
    expect(execFileSync('unzip', ['-t', zipPath], { encoding: 'utf8' })).toContain('No errors detected');
    const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toEqual(['Přípravy/DSC_1024.jpg', 'Přípravy/DSC_1025.jpg', 'Obřad/DSC_1188.jpg', 'Žluťoučký.jpg']);
    for (const [, f] of files) {
      const entry = f.set ? `${f.set}/${f.fileName}` : f.fileName;
      expect(execFileSync('unzip', ['-p', zipPath, entry]).equals(f.original)).toBe(true);
    }
    // These photos were marked ready without CRCs (as if processed before CRCs were kept): the first archive
    // computed them while streaming and kept them, so the next plan knows every one.
    expect(plan.sources.every((s) => s.crc32 === null)).toBe(true);
    const ids = [...files.keys()];
    await expect
      .poll(async () => (await db.select({ crc: photosTable.downloadCrc32 }).from(photosTable).where(inArray(photosTable.id, ids))).filter((r) => r.crc !== null).length)
      .toBe(ids.length);
    // Interrupted after 1000 bytes, resumed: the same archive (the plan is deterministic).
    const again = await planZip(deps, gallery, couple, { kind: 'all' }, 'original');
    expect(again.sources.every((s) => s.crc32 !== null)).toBe(true);
    expect(again.etag).toBe(plan.etag);
    const tail = await collect(openZip(again, { start: 1000, end: whole.size - 1 }).stream);
    expect(Buffer.concat([bytes.subarray(0, 1000), tail]).equals(bytes)).toBe(true);

    const set = await planZip(deps, gallery, couple, { kind: 'set', setSlug: 'obrad' }, 'web');
    const setZip = path.join(tmp, `${kind}-set.zip`);
    fs.writeFileSync(setZip, await collect(openZip(set, null).stream));
    expect(execFileSync('unzip', ['-Z1', setZip], { encoding: 'utf8' }).trim()).toBe('DSC_1188-web.jpg');
    await rejects(planZip(deps, gallery, couple, { kind: 'set', setSlug: 'neni' }, 'web'), 404);
    await rejects(planZip(deps, gallery, couple, { kind: 'favorites' }, 'web'), 404, /oblíbené/);
    await rejects(planZip(deps, { ...gallery, zip: false }, couple, { kind: 'all' }, 'web'), 403);
  });

  it.runIf(enabled)('answers 409 for a ZIP while photos of its scope are processing', async () => {
    const g = await createGallery(deps, { title: 'Zpracovává se' });
    const file = path.join(tmp, `${kind}-proc.jpg`);
    fs.writeFileSync(file, await makeTestJpeg({ width: 120, height: 80, seed: 7 }));
    await addGalleryPhotoFromFile(deps, g.id, { filePath: file, fileName: 'IMG_1.jpg' });
    await updateGallery(deps, g.id, { published: true });
    const full = (await galleryById(deps, g.id))!;
    const v = (await enterCode(db, full, full.code, '198.51.100.60', now)).visitor;
    await rejects(planZip(deps, full, v, { kind: 'all' }, 'original'), 409, /zpracovávají/);
  });

  it.runIf(enabled)('sends the ready mail with link and code, reminds once per expiry date, and records consent and activity', async () => {
    await sendReadyMail(db, gallery, now);
    const [ready] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'gallery-ready'));
    expect(ready?.toAddress).toBe('anna@example.cz');
    expect(ready?.text).toContain(`/galerie/${gallery.slug}`);
    expect(ready?.text).toContain(gallery.code);

    // 2027-06-13 is more than 14 days away on 2026-11-25: nothing yet; 10 days before: once.
    expect(await sendDueReminders(db, now, 14)).toBe(0);
    const tenDaysBefore = new Date('2027-06-03T10:00:00Z');
    expect(await sendDueReminders(db, tenDaysBefore, 14)).toBe(1);
    expect(await sendDueReminders(db, tenDaysBefore, 14)).toBe(0);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'gallery-expiry-reminder'))).toHaveLength(1);

    const couple = (await enterCode(db, gallery, gallery.code, '198.51.100.70', now)).visitor;
    const guest = (await enterCode(db, gallery, 'HOSTE-2026', '198.51.100.71', now)).visitor;
    await rejects(answerConsent(db, gallery, guest, true, now), 403);
    expect((await answerConsent(db, gallery, couple, true, now)).given).toBe(true);

    const overview = await deliveryOverview(db, gallery);
    expect(overview.consent.given).toBe(true);
    expect(overview.counts.accesses).toBeGreaterThan(5);
    expect(overview.counts.favorites).toBeGreaterThan(0);
    expect(overview.readyMails).toHaveLength(1);
    expect(overview.reminders).toHaveLength(1);
    expect(overview.activity.some((a) => a.kind === 'favorite' && a.email === 'anna@example.cz')).toBe(true);
  });

  it.runIf(enabled)('lists galleries for a proven e-mail and lets that account in without the code', async () => {
    expect((await galleriesOfEmail(db, 'ANNA@example.cz', now)).map((g) => g.slug)).toEqual([gallery.slug]);
    expect(await galleriesOfEmail(db, 'cizi@example.cz', now)).toEqual([]);
    const granted = await enterByAccount(db, gallery, 'anna@example.cz');
    expect((await visitorFromToken(db, gallery, granted.token, now))?.email).toBe('anna@example.cz');
    await rejects(enterByAccount(db, gallery, 'cizi@example.cz'), 403);
  });
});
