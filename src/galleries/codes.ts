import { randomInt } from 'node:crypto';

/** Access codes the couple types from a mail or a card: no look-alikes (0/O, 1/l/I), 8 characters ≈ 40 bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateCode(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The slug of /galerie/{slug}: from the title, plus a random tail so a slug cannot be guessed from names. */
export function gallerySlug(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const tail = generateCode(6).toLowerCase();
  return base ? `${base}-${tail}` : `galerie-${tail}`;
}

export function setSlug(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'sada'
  );
}
