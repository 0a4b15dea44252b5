// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
import type { Db } from '@/db/client';
import { accountsConfig } from './config';
import { hashPassword } from './builtin/passwords';
import { countUsersWithRole, createUser, ensureRole, findUserByEmail, setPassword, updateUser, type UserWithRole } from './builtin/repository';

export class AdminPromotionError extends Error {
  constructor(public readonly provider: string) {
    super(`Účet s tímto e-mailem se přihlašuje přes poskytovatele „${provider}“ a nelze z něj udělat administrátora. Použijte jinou e-mailovou adresu.`);
    this.name = 'AdminPromotionError';
  }
}

/**
 * Creates the photographer's admin account, or promotes an existing account (and sets its password).
 * Used by `npm run admin:create` and the first-start setup page. No Next.js imports: runs from scripts too.
 */
export async function createOrPromoteAdmin(db: Db, input: { email: string; password: string }): Promise<{ user: UserWithRole; created: boolean }> {
  const role = await ensureRole(db, accountsConfig().adminRoleType, 'Admin', 'Photographer: manages bookings.');
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    // An account that signs in through a provider was created by whoever controls that provider identity; an
    // e-mail match alone must never turn it into the photographer's admin (nor give it a password).
    if (existing.provider !== 'local') throw new AdminPromotionError(existing.provider);
    await updateUser(db, existing.id, { roleId: role.id, confirmed: true, blocked: false });
    const user = await setPassword(db, existing.id, passwordHash);
    if (!user) throw new Error(`User ${existing.id} vanished while being promoted`);
    return { user, created: false };
  }
  const user = await createUser(db, { username: input.email, email: input.email, passwordHash, confirmed: true, roleId: role.id });
  return { user, created: true };
}

/** Throws AdminPromotionError when the address belongs to a provider account (checked before spending a setup link). */
export async function assertPromotable(db: Db, email: string): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.provider !== 'local') throw new AdminPromotionError(existing.provider);
}

export async function adminExists(db: Db): Promise<boolean> {
  return (await countUsersWithRole(db, accountsConfig().adminRoleType)) > 0;
}
