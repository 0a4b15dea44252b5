import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A small flowing-text writer over pdf-lib: A4 pages, headings, wrapped paragraphs, label/value rows, an image.
 * Text is drawn in Inter (TrueType instances made by scripts/subset-fonts.mjs into .fonts/pdf/): the latin file
 * holds ASCII and Latin-1, the latin-ext file the Czech letters (ě š č ř ž ů …), so every run of text is drawn
 * with the face that has its glyphs — the PDF's text layer then extracts as proper Czech.
 */
const FONT_DIR = () => path.join(process.cwd(), '.fonts', 'pdf');

interface Face {
  latin: PDFFont;
  ext: PDFFont;
  latinSet: Set<number>;
}

const fontBytes = new Map<string, Promise<Buffer>>();
function readFont(name: string): Promise<Buffer> {
  let p = fontBytes.get(name);
  if (!p) {
    p = fs.readFile(path.join(FONT_DIR(), name)).catch((err: unknown) => {
      fontBytes.delete(name);
      throw new Error(`PDF font ${name} is missing in .fonts/pdf (made by scripts/subset-fonts.mjs before the build): ${String(err)}`);
    });
    fontBytes.set(name, p);
  }
  return p;
}

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 56;

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: Face,
    private readonly bold: Face,
  ) {
    this.newPage();
  }

  static async create(title: string, subject: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setTitle(title);
    doc.setSubject(subject);
    doc.setLanguage('cs-CZ');
    doc.setProducer('svatebni-fotograf');
    doc.setCreator('svatebni-fotograf');
    const face = async (weight: 400 | 700): Promise<Face> => {
      const latin = await doc.embedFont(await readFont(`inter-latin-${weight}.ttf`), { subset: true });
      const ext = await doc.embedFont(await readFont(`inter-latin-ext-${weight}.ttf`), { subset: true });
      return { latin, ext, latinSet: new Set(latin.getCharacterSet()) };
    };
    return new PdfWriter(doc, await face(400), await face(700));
  }

  private newPage(): void {
    this.page = this.doc.addPage([A4.w, A4.h]);
    this.y = A4.h - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Splits text into runs of one face; characters neither face has become a plain space. */
  private runs(text: string, face: Face): { font: PDFFont; text: string }[] {
    const out: { font: PDFFont; text: string }[] = [];
    const extSet = new Set(face.ext.getCharacterSet());
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 32;
      const font = face.latinSet.has(cp) ? face.latin : extSet.has(cp) ? face.ext : face.latin;
      const c = font === face.latin && !face.latinSet.has(cp) ? ' ' : ch;
      const last = out[out.length - 1];
      if (last && last.font === font) last.text += c;
      else out.push({ font, text: c });
    }
    return out;
  }

  private width(text: string, size: number, face: Face): number {
    return this.runs(text, face).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  private drawLine(text: string, x: number, size: number, face: Face, color = rgb(0.12, 0.12, 0.12)): void {
    let cx = x;
    for (const r of this.runs(text, face)) {
      this.page.drawText(r.text, { x: cx, y: this.y, size, font: r.font, color });
      cx += r.font.widthOfTextAtSize(r.text, size);
    }
  }

  private wrap(text: string, size: number, face: Face, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.width(candidate, size, face) > maxWidth) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, opts: { size?: number; bold?: boolean; indent?: number; gapAfter?: number; muted?: boolean } = {}): this {
    const size = opts.size ?? 10;
    const face = opts.bold ? this.bold : this.regular;
    const x = MARGIN + (opts.indent ?? 0);
    const lineHeight = size * 1.4;
    for (const line of this.wrap(text, size, face, A4.w - MARGIN - x)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.drawLine(line, x, size, face, opts.muted ? rgb(0.4, 0.4, 0.4) : undefined);
    }
    this.y -= opts.gapAfter ?? 4;
    return this;
  }

  heading(text: string, size = 13): this {
    this.y -= 6;
    return this.text(text, { size, bold: true, gapAfter: 4 });
  }

  /** Label on the left, value on the right (amounts, dates). */
  row(label: string, value: string, opts: { bold?: boolean } = {}): this {
    const size = 10;
    const face = opts.bold ? this.bold : this.regular;
    const lines = this.wrap(label, size, face, A4.w - 2 * MARGIN - 140);
    lines.forEach((line, i) => {
      this.ensure(size * 1.4);
      this.y -= size * 1.4;
      this.drawLine(line, MARGIN, size, face);
      if (i === 0) this.drawLine(value, A4.w - MARGIN - this.width(value, size, face), size, face);
    });
    this.y -= 2;
    return this;
  }

  rule(): this {
    this.ensure(10);
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.w - MARGIN, y: this.y }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
    this.y -= 6;
    return this;
  }

  async png(bytes: Uint8Array, size: number, caption?: string): Promise<this> {
    const image = await this.doc.embedPng(bytes);
    this.ensure(size + 24);
    this.y -= size;
    this.page.drawImage(image, { x: MARGIN, y: this.y, width: size, height: size });
    if (caption) this.text(caption, { size: 8, muted: true });
    return this;
  }

  async save(): Promise<Buffer> {
    return Buffer.from(await this.doc.save({ useObjectStreams: true }));
  }
}
