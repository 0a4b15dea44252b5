export function copyJpegWithoutGps(input: string, output: string): Promise<number>;
export function withExifSegment(jpeg: Buffer, exif: Buffer): Buffer;
