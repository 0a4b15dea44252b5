import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: references are read out over the phone.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 'SV-2026-7K3Q'. Collisions are caught by the unique constraint and retried by the repository. */
export function newReference(year: number): string {
  let code = '';
  for (let i = 0; i < 4; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `SV-${year}-${code}`;
}

export const REFERENCE_PATTERN = /^SV-\d{4}-[A-Z0-9]{4,8}$/;
