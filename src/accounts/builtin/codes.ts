// Not server-only by import: `npm run admin:create` (scripts/admin-create.ts, plain tsx) loads it through the repository.
import crypto from 'node:crypto';

/** One-time codes (password reset, e-mail confirmation, admin setup): random, and stored only as their SHA-256. */
export function randomCode(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashCode(code: string): string {
  return crypto.createHash('sha256').update(code).digest('hex');
}
