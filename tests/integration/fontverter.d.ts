// fontverter ships no types; the one function the font-subset test uses.
declare module 'fontverter' {
  const fontverter: {
    convert(buffer: Buffer | Uint8Array, toFormat: 'truetype' | 'woff' | 'woff2' | 'sfnt', fromFormat?: string): Promise<Buffer>;
  };
  export default fontverter;
}
