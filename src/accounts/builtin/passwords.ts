import { hash, verify } from '@node-rs/argon2';

/** argon2id (Algorithm.Argon2id = 2, a const enum) with OWASP's second recommended parameter set (19 MiB, 2 passes). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;


export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  if (!passwordHash) {
    // Same work for unknown users, so timing does not reveal which accounts exist.
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// argon2id hash of a random string that nobody knows (same parameters as OPTIONS).
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YdIMDmudMZ/BMakFRXqxmg$CXSb7buhv/1UdMDAFPpLDhP2S0ZAVwTNgtTV0l7T0Fw';
