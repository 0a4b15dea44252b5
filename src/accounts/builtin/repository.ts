// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
import crypto from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, or, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { authProviderGrants, authRoles, authTokens, authUsers, type AuthRoleRow, type AuthUserRow } from '@/db/schema';
import { hashCode, randomCode } from './codes';

/** The only code that touches the accounts tables. Rows are mapped to DTOs here; nothing outside sees a row. */

export interface AccountRole {
  id: number;
  name: string;
  description: string;
  type: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A built-in account as the accounts domain works with it (the password hash stays inside the domain). */
export interface AccountUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider: string;
  passwordHash: string | null;
  confirmed: boolean;
  blocked: boolean;
  roleId: number | null;
  /** Bumped by a password change: sessions issued before it stop working. */
  tokenVersion: number;
  /** The session (JWT id) that made the last password change: it stays valid although its version is older. */
  keptTokenId: string | null;
  /** Last sign-in or session renewal; idle accounts are purged after the retention period. */
  lastActiveAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  role: AccountRole | null;
}

/** Kept as an alias: the service and the admin script call it by this name. */
export type UserWithRole = AccountUser;

function toRole(r: AuthRoleRow): AccountRole {
  return { id: r.id, name: r.name, description: r.description, type: r.type, createdAt: r.createdAt, updatedAt: r.updatedAt };
}

function toUser(u: AuthUserRow, role: AuthRoleRow | null): AccountUser {
  return {
    id: u.id,
    documentId: u.documentId,
    username: u.username,
    email: u.email,
    provider: u.provider,
    passwordHash: u.passwordHash,
    confirmed: u.confirmed,
    blocked: u.blocked,
    roleId: u.roleId,
    tokenVersion: u.tokenVersion,
    keptTokenId: u.keptTokenId,
    lastActiveAt: u.lastActiveAt,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    role: role ? toRole(role) : null,
  };
}

export type TokenKind = 'reset-password' | 'email-confirmation' | 'admin-setup';

async function withRole(db: Db, user: AuthUserRow | undefined): Promise<UserWithRole | null> {
  if (!user) return null;
  if (user.roleId === null) return toUser(user, null);
  const [role] = await db.select().from(authRoles).where(eq(authRoles.id, user.roleId));
  return toUser(user, role ?? null);
}

/** A sign-in or a new session counts as activity for the account-retention job (src/accounts/retention.server.ts). */
export async function touchUserActivity(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(authUsers).set({ lastActiveAt: now }).where(eq(authUsers.id, userId));
}

export async function findUserById(db: Db, id: number): Promise<UserWithRole | null> {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, id));
  return withRole(db, user);
}

/** Strapi's local callback: the identifier is the e-mail (case-insensitive) or the username. */
export async function findUserByIdentifier(db: Db, identifier: string): Promise<UserWithRole | null> {
  const lowered = identifier.toLowerCase();
  const [user] = await db
    .select()
    .from(authUsers)
    .where(sql`${authUsers.provider} = 'local' AND (lower(${authUsers.email}) = ${lowered} OR lower(${authUsers.username}) = ${lowered})`)
    .limit(1);
  return withRole(db, user);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserWithRole | null> {
  const [user] = await db
    .select()
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return withRole(db, user);
}

/** Usernames are compared with usernames only (an e-mail is never taken for a username, or the reverse). */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(sql`lower(${authUsers.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function findRoleByType(db: Db, type: string): Promise<AccountRole | null> {
  const [role] = await db.select().from(authRoles).where(eq(authRoles.type, type));
  return role ? toRole(role) : null;
}

/** The admin role type is configurable (ADMIN_ROLE_TYPE); make sure it exists before assigning it. */
export async function ensureRole(db: Db, type: string, name: string, description = ''): Promise<AccountRole> {
  await db.insert(authRoles).values({ type, name, description }).onConflictDoNothing();
  const role = await findRoleByType(db, type);
  if (!role) throw new Error(`Role ${type} could not be created`);
  return role;
}

export async function createUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string | null; provider?: string; confirmed: boolean; roleId: number | null },
): Promise<UserWithRole> {
  const [user] = await db
    .insert(authUsers)
    .values({
      documentId: crypto.randomBytes(12).toString('hex').slice(0, 24),
      username: input.username,
      email: input.email.toLowerCase(),
      provider: input.provider ?? 'local',
      passwordHash: input.passwordHash,
      confirmed: input.confirmed,
      roleId: input.roleId,
    })
    .returning();
  const created = await withRole(db, user);
  if (!created) throw new Error('User insert returned nothing');
  return created;
}

/**
 * New password: bumps token_version so every session issued before stops working — except `keepTokenId`, the
 * session that made the change (a change of password keeps its caller signed in; a reset keeps nobody).
 */
export async function setPassword(db: Db, userId: number, passwordHash: string, keepTokenId: string | null = null): Promise<UserWithRole | null> {
  const [user] = await db
    .update(authUsers)
    .set({ passwordHash, tokenVersion: sql`${authUsers.tokenVersion} + 1`, keptTokenId: keepTokenId, updatedAt: new Date() })
    .where(eq(authUsers.id, userId))
    .returning();
  return withRole(db, user);
}

export async function updateUser(
  db: Db,
  userId: number,
  patch: Partial<Pick<AccountUser, 'confirmed' | 'blocked' | 'roleId' | 'passwordHash' | 'username'>>,
): Promise<UserWithRole | null> {
  const [user] = await db
    .update(authUsers)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(authUsers.id, userId))
    .returning();
  return withRole(db, user);
}

/** The e-mail of the earliest account with the role (the first admin), or null. */
export async function firstEmailWithRole(db: Db, roleType: string): Promise<string | null> {
  const [row] = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .innerJoin(authRoles, eq(authRoles.id, authUsers.roleId))
    .where(eq(authRoles.type, roleType))
    .orderBy(asc(authUsers.createdAt), asc(authUsers.id))
    .limit(1);
  return row?.email ?? null;
}

export async function countUsersWithRole(db: Db, roleType: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authUsers)
    .innerJoin(authRoles, eq(authRoles.id, authUsers.roleId))
    .where(eq(authRoles.type, roleType));
  return Number(rows[0]?.n ?? 0);
}

/**
 * A new single-use code; only its SHA-256 is stored. Earlier unused codes of the same kind for the same user are
 * dropped, so only the latest e-mailed link works.
 */
export async function createToken(db: Db, kind: TokenKind, userId: number | null, ttlMs: number, now = new Date()): Promise<string> {
  const code = randomCode();
  // Codes without a user (admin setup) are not replaced: several instances may each print a working link.
  if (userId !== null) {
    await db.delete(authTokens).where(and(eq(authTokens.kind, kind), eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
  }
  await db.insert(authTokens).values({ kind, tokenHash: hashCode(code), userId, expiresAt: new Date(now.getTime() + ttlMs) });
  return code;
}

/** Marks the code used and returns it — atomically, so two concurrent requests cannot both consume it. */
export async function consumeToken(db: Db, kind: TokenKind, code: string, now = new Date()): Promise<{ userId: number | null } | null> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.kind, kind), eq(authTokens.tokenHash, hashCode(code)), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId });
  return rows[0] ?? null;
}

/** Valid right now (unused, unexpired) — for showing a form before the code is consumed. */
export async function peekToken(db: Db, kind: TokenKind, code: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.kind, kind), eq(authTokens.tokenHash, hashCode(code)), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)));
  return rows.length > 0;
}

/**
 * A provider sign-in handed to a separate front-end: a new random code, bound to the provider and the account, valid
 * for `ttlMs`; only its SHA-256 is stored. Grants that expired or were used before are dropped on the way.
 */
export async function createProviderGrant(db: Db, input: { provider: string; userId: number; ttlMs: number }, now = new Date()): Promise<string> {
  const code = randomCode();
  await db.delete(authProviderGrants).where(or(lt(authProviderGrants.expiresAt, now), isNotNull(authProviderGrants.usedAt)));
  await db.insert(authProviderGrants).values({
    codeHash: hashCode(code),
    provider: input.provider,
    userId: input.userId,
    expiresAt: new Date(now.getTime() + input.ttlMs),
    createdAt: now,
  });
  return code;
}

/**
 * Exchanges a provider grant: marks it used and returns its account id — atomically, so two concurrent requests
 * cannot both use it. A code that is unknown, used, expired or issued for another provider returns null.
 */
export async function consumeProviderGrant(db: Db, provider: string, code: string, now = new Date()): Promise<{ userId: number } | null> {
  const rows = await db
    .update(authProviderGrants)
    .set({ usedAt: now })
    .where(
      and(
        eq(authProviderGrants.codeHash, hashCode(code)),
        eq(authProviderGrants.provider, provider),
        isNull(authProviderGrants.usedAt),
        gt(authProviderGrants.expiresAt, now),
      ),
    )
    .returning({ userId: authProviderGrants.userId });
  return rows[0] ?? null;
}

/** Forgets provider grants that expired or were used (the accounts' hourly job). */
export async function pruneProviderGrants(db: Db, now = new Date()): Promise<void> {
  await db.delete(authProviderGrants).where(or(lt(authProviderGrants.expiresAt, now), isNotNull(authProviderGrants.usedAt)));
}

/** Deletes one account (its tokens cascade); true when it existed. */
export async function deleteUserById(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(authUsers).where(eq(authUsers.id, id)).returning({ id: authUsers.id });
  return gone.length > 0;
}

/** Couples' built-in accounts still waiting for their e-mail confirmation (newest first), for the admin. */
export async function unconfirmedAccounts(db: Db, limit: number): Promise<{ id: number; email: string; createdAt: Date }[]> {
  return db
    .select({ id: authUsers.id, email: authUsers.email, createdAt: authUsers.createdAt })
    .from(authUsers)
    .where(and(eq(authUsers.confirmed, false), eq(authUsers.blocked, false)))
    .orderBy(sql`${authUsers.createdAt} DESC`)
    .limit(limit);
}

/** Marks an account's e-mail confirmed (the admin vouches for it); false when there was no such unconfirmed account. */
export async function confirmAccount(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .update(authUsers)
    .set({ confirmed: true, updatedAt: new Date() })
    .where(and(eq(authUsers.id, userId), eq(authUsers.confirmed, false)))
    .returning({ email: authUsers.email });
  return row?.email ?? null;
}
