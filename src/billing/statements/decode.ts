import iconv from 'iconv-lite';

/**
 * Czech bank exports come in UTF-8 or, very often, Windows-1250. Valid UTF-8 is taken as UTF-8 (a Windows-1250
 * file with Czech letters is practically never valid UTF-8); anything else is decoded as Windows-1250.
 */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1250' } {
  const withoutBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(withoutBom), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(withoutBom), 'win1250'), encoding: 'windows-1250' };
  }
}
