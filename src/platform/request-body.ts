/** Bounded request bodies: over-limit and malformed JSON become typed 4xx errors, never a crash. */
export class BodyError extends Error {
  constructor(
    public readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

export const DEFAULT_BODY_LIMIT = 64 * 1024;

export async function readBodyText(request: Request, maxBytes = DEFAULT_BODY_LIMIT): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new BodyError(413, 'Požadavek je příliš velký.');
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyError(413, 'Požadavek je příliš velký.');
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/** Parse a JSON body (any value); callers validate the shape with zod. */
export async function readJsonBody(request: Request, maxBytes = DEFAULT_BODY_LIMIT): Promise<unknown> {
  // The type must say JSON: a body without one is what a cross-site HTML form or a "simple" cross-origin request
  // sends (text/plain, or nothing), and those must never change state.
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type.trim())) throw new BodyError(415, 'Očekáván obsah typu application/json.');
  const text = await readBodyText(request, maxBytes);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, 'Tělo požadavku není platný JSON.');
  }
}
