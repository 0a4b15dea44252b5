/**
 * The font files the site ships are made by scripts/subset-fonts.mjs (docs/decisions/009-font-subsets.md). This
 * reads the built files back with HarfBuzz: every letter of Czech text is covered by a face of each family, and the
 * weight axis still spans every weight the stylesheets ask for (400–700) — a subset that dropped a glyph or pinned
 * the axis would pass the build and show the wrong font only to visitors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { Blob, Face } from 'harfbuzzjs';
import fontverter from 'fontverter';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, '.fonts');
const czech = 'AÁBCČDĎEÉĚFGHIÍJKLMNŇOÓPQRŘSŠTŤUÚŮVWXYÝZŽaábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzž';
const punctuation = '„“‚‘–—…€0123456789.,;:!?()«»×';

async function face(file: string): Promise<Face> {
  const sfnt = await fontverter.convert(fs.readFileSync(path.join(dir, file)), 'truetype');
  return new Face(new Blob(new Uint8Array(sfnt)), 0);
}

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'scripts/subset-fonts.mjs')], { cwd: root });
});

describe.each([
  ['Inter', 'inter'],
  ['Playfair Display', 'playfair-display'],
])('%s', (_name, stem) => {
  it('covers Czech letters and typographic punctuation between its latin and latin-ext files', async () => {
    const latin = new Set((await face(`${stem}-latin-wght-normal.woff2`)).collectUnicodes());
    const ext = new Set((await face(`${stem}-latin-ext-wght-normal.woff2`)).collectUnicodes());
    const missing = [...(czech + punctuation)].filter((ch) => {
      const cp = ch.codePointAt(0) ?? 0;
      return !latin.has(cp) && !ext.has(cp);
    });
    expect(missing).toEqual([]);
  });

  it.each(['latin', 'latin-ext'])('keeps the weight axis at 400–700 in the %s file', async (subset) => {
    const axes = (await face(`${stem}-${subset}-wght-normal.woff2`)).getAxisInfos();
    expect(axes.wght).toMatchObject({ min: 400, max: 700, default: 400 });
  });
});
