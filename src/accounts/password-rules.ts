export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt's historic limit, kept by Strapi ("password ≤ 72 bytes"); counted in UTF-8 bytes. */
export const PASSWORD_MAX_BYTES = 72;

export function passwordBytes(password: string): number {
  return new TextEncoder().encode(password).length;
}
