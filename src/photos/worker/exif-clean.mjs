/**
 * Removes the GPS position from an EXIF block without touching anything else (camera, lens, exposure, author,
 * copyright stay): every GPS entry and every byte of its values is zeroed and the GPS directory left empty, so no
 * coordinate survives anywhere in the bytes. Optionally sets the orientation to 1 (for pixels already rotated).
 * Plain JavaScript: the photo worker process runs it without a build step.
 *
 * `exif` is an APP1 payload: "Exif\0\0" followed by a TIFF structure (II or MM byte order).
 */

const TYPE_SIZES = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const TAG_GPS_IFD = 0x8825;
const TAG_ORIENTATION = 0x0112;
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/**
 * @param {Buffer} exif
 * @param {{ resetOrientation?: boolean }} [opts]
 * @returns {Buffer | null} a cleaned copy, or null when the block is not EXIF we can read (then drop it whole).
 */
export function cleanExif(exif, opts = {}) {
  if (exif.length < EXIF_HEADER.length + 8 || !exif.subarray(0, 6).equals(EXIF_HEADER)) return null;
  const out = Buffer.from(exif);
  const tiff = out.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (o) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const w16 = (o, v) => (le ? tiff.writeUInt16LE(v, o) : tiff.writeUInt16BE(v, o));
  const inBounds = (o, n) => o >= 0 && n >= 0 && o + n <= tiff.length;
  if (u16(2) !== 42) return null;
  const ifd0 = u32(4);
  if (!inBounds(ifd0, 2)) return null;
  const count = u16(ifd0);
  if (!inBounds(ifd0 + 2, count * 12)) return null;
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * 12;
    const tag = u16(entry);
    if (tag === TAG_ORIENTATION && opts.resetOrientation) w16(entry + 8, 1);
    if (tag !== TAG_GPS_IFD) continue;
    const gps = u32(entry + 8);
    if (!inBounds(gps, 2)) return null;
    const n = u16(gps);
    if (!inBounds(gps + 2, n * 12)) return null;
    for (let j = 0; j < n; j++) {
      const e = gps + 2 + j * 12;
      const size = (TYPE_SIZES[u16(e + 2)] ?? 1) * u32(e + 4);
      if (size > 4) {
        const at = u32(e + 8);
        if (inBounds(at, size)) tiff.fill(0, at, at + size);
      }
      tiff.fill(0, e, e + 12);
    }
    w16(gps, 0);
  }
  return out;
}

/** True when the EXIF block still holds a GPS entry (used by tests and as the worker's own final check). */
export function exifHasGps(exif) {
  if (exif.length < 14 || !exif.subarray(0, 6).equals(EXIF_HEADER)) return false;
  const tiff = exif.subarray(6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  if (ifd0 + 2 > tiff.length) return false;
  const count = u16(ifd0);
  for (let i = 0; i < count && ifd0 + 14 + i * 12 <= tiff.length; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) !== TAG_GPS_IFD) continue;
    const gps = u32(entry + 8);
    if (gps + 2 <= tiff.length && u16(gps) > 0) return true;
  }
  return false;
}
