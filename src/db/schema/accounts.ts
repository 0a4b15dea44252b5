// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
import { bigint, boolean, integer, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// Owned by the accounts domain (users, roles, tokens). Kept in sync with migrations/0010_accounts.sql and 0050_account_activity.sql.

export const authRoles = pgTable('auth_roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').notNull().unique('auth_roles_type_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authUsers = pgTable(
  'auth_users',
  {
    id: serial('id').primaryKey(),
    documentId: text('document_id').notNull().unique('auth_users_document_id_key'),
    username: text('username').notNull(),
    email: text('email').notNull(),
    provider: text('provider').notNull().default('local'),
    passwordHash: text('password_hash'),
    confirmed: boolean('confirmed').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    roleId: integer('role_id').references(() => authRoles.id, { onDelete: 'set null' }),
    tokenVersion: integer('token_version').notNull().default(0),
    /** The session (JWT id) that made the last password change stays valid across it (migration 0141). */
    keptTokenId: text('kept_token_id'),
    /** Last sign-in (migration 0050); the account-retention job deletes accounts idle past the terms. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('auth_users_username_key').on(sql`lower(${t.username})`),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique('auth_tokens_token_hash_key'),
    userId: integer('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.kind)],
);

export type AuthUserRow = typeof authUsers.$inferSelect;
export type AuthRoleRow = typeof authRoles.$inferSelect;

/** Consecutive failed sign-ins per account key (hash of the lower-cased identifier) and the back-off they earned. */
export const authLoginFailures = pgTable('auth_login_failures', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: bigint('locked_until', { mode: 'number' }).notNull().default(0),
  lastFailure: bigint('last_failure', { mode: 'number' }).notNull().default(0),
});

/** Session tokens revoked by sign-out, by their jti, until they would have expired (migration 0032). */
export const authRevokedTokens = pgTable('auth_revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

/**
 * Provider sign-in handed to a separate front-end (migration 0142): a random single-use code, stored only as its
 * SHA-256, bound to the provider and the account, valid for a minute; the front-end exchanges it once at
 * `/api/auth/{provider}/callback` for a session token.
 */
export const authProviderGrants = pgTable(
  'auth_provider_grants',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique('auth_provider_grants_code_hash_key'),
    provider: text('provider').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_provider_grants_expiry_idx').on(t.expiresAt), index('auth_provider_grants_user_idx').on(t.userId)],
);
