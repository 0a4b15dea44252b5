export function cleanExif(exif: Buffer, opts?: { resetOrientation?: boolean }): Buffer | null;
export function exifHasGps(exif: Buffer): boolean;
