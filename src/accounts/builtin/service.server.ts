import 'server-only';
import type { Db } from '@/db/client';
import { isUniqueViolation, rowsOf } from '@/db/client';
import { deliverPendingMail, queueMail, type MailMessage } from '@/platform/mail.server';
import { log } from '@/platform/log';
import { accountsConfig, accountsFrontendUrl } from '../config';
import { alreadyRegisteredEmail, confirmationEmail, passwordChangedEmail, resetPasswordEmail, usernameTakenEmail } from '../emails';
import { afterAnswer, recipientBudget } from './mail-budget.server';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { applicationError, forbiddenError, rateLimitError, unauthorizedError, validationError } from './errors';
import { clearLoginFailures, loginWaitSeconds, recordLoginFailure } from './login-throttle.server';
import { hashPassword, verifyPassword } from './passwords';
import { issueJwt, verifyJwt } from './jwt.server';
import {
  consumeToken,
  createToken,
  createUser,
  findRoleByType,
  findUserByEmail,
  findUserById,
  findUserByIdentifier,
  setPassword,
  touchUserActivity,
  updateUser,
  usernameTaken,
  type UserWithRole,
} from './repository';
import { BodyChecker } from './validate';

/**
 * The built-in users-permissions server: Strapi v5's behaviour, answers and messages (docs/protocols.md §1),
 * backed by our own tables. Route handlers (handlers.ts) only parse HTTP and call these.
 */

/**
 * Queue now (the message is safe in the outbox when we answer), deliver after answering: an SMTP round trip
 * must not make "account exists" answers slower than "no such account" ones.
 */
async function mailAfterAnswer(db: Db, msg: MailMessage): Promise<void> {
  const id = await queueMail(db, msg);
  void deliverPendingMail(db, { ids: [id] }).catch((err: unknown) => log.warn('mail delivery attempt crashed; it stays queued', { id, err }));
}

/** Queue and deliver, for work that already runs after the answer. */
async function mailAndDeliver(db: Db, msg: MailMessage): Promise<void> {
  const id = await queueMail(db, msg);
  await deliverPendingMail(db, { ids: [id] }).catch((err: unknown) => log.warn('mail delivery attempt crashed; it stays queued', { id, err }));
}

export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const CONFIRMATION_CODE_TTL_MS = 48 * 60 * 60 * 1000;

export interface PublicRole {
  id: number;
  documentId: string;
  name: string;
  description: string;
  type: string;
  createdAt: string;
  updatedAt: string;
}

export interface PublicUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  role?: PublicRole;
}

/** The sanitised user (Strapi v5 shape): never the password hash or token version. */
export function publicUser(user: UserWithRole, opts: { withRole?: boolean } = {}): PublicUser {
  const out: PublicUser = {
    id: user.id,
    documentId: user.documentId,
    username: user.username,
    email: user.email,
    provider: user.provider,
    confirmed: user.confirmed,
    blocked: user.blocked,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    publishedAt: user.createdAt.toISOString(),
  };
  if (opts.withRole && user.role) {
    out.role = {
      id: user.role.id,
      documentId: `role-${user.role.id}`,
      name: user.role.name,
      description: user.role.description,
      type: user.role.type,
      createdAt: user.role.createdAt.toISOString(),
      updatedAt: user.role.updatedAt.toISOString(),
    };
  }
  return out;
}

/** A new session for the user: Strapi's `{jwt, user}` answer (the sign-in counts as activity). */
export async function session(db: Db, user: UserWithRole) {
  await touchUserActivity(db, user.id);
  return { jwt: await issueJwt(db, user, accountsConfig().sessionSeconds), user: publicUser(user) };
}

/** Who is calling: verified JWT → live user row (blocked, unconfirmed and stale tokens are refused). */
export async function authenticateToken(db: Db, token: string): Promise<UserWithRole | null> {
  const claims = await verifyJwt(db, token);
  if (!claims) return null;
  const user = await findUserById(db, claims.id);
  if (!user || user.blocked) return null;
  // Current version, or the one session a password change kept (token continuity).
  if (user.tokenVersion !== claims.ver && !(claims.jti !== undefined && claims.jti === user.keptTokenId)) return null;
  if (claims.jti && (await isRevoked(db, claims.jti))) return null;
  if (accountsConfig().emailConfirmation && !user.confirmed) return null;
  return user;
}

async function isRevoked(db: Db, jti: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM auth_revoked_tokens WHERE jti = ${jti}`)).length > 0;
}

/**
 * Sign-out: the token stops working at once, everywhere (it is not merely dropped from one browser's cookie).
 * A token without an id (issued before revocation existed) can only be ended with all of its user's sessions.
 */
export async function revokeToken(db: Db, token: string): Promise<void> {
  const claims = await verifyJwt(db, token);
  if (!claims) return;
  if (claims.jti) {
    await db.execute(sql`INSERT INTO auth_revoked_tokens (jti, expires_at) VALUES (${claims.jti}, ${claims.exp * 1000}) ON CONFLICT (jti) DO NOTHING`);
  } else {
    await db.execute(sql`UPDATE auth_users SET token_version = token_version + 1 WHERE id = ${claims.id} AND token_version = ${claims.ver}`);
  }
}

/** The id (jti) of a valid token, or null. */
export async function tokenId(db: Db, token: string): Promise<string | null> {
  return (await verifyJwt(db, token))?.jti ?? null;
}

export async function pruneRevokedTokens(db: Db, now = Date.now()): Promise<void> {
  await db.execute(sql`DELETE FROM auth_revoked_tokens WHERE expires_at < ${now}`);
}

// ---- POST /auth/logout (an extension: Strapi has no server-side sign-out) ------------------------------------
export async function logout(db: Db, token: string | null) {
  if (!token || !(await authenticateToken(db, token))) throw unauthorizedError();
  await revokeToken(db, token);
  return { ok: true as const };
}

// ---- POST /auth/local ----------------------------------------------------------------------------------------
export async function login(db: Db, body: unknown) {
  const c = new BodyChecker(body);
  const identifier = c.string('identifier');
  const password = c.string('password');
  c.done();
  // Per-account back-off (login-throttle.server.ts): while it runs, not even the right password is checked.
  const wait = await loginWaitSeconds(db, identifier);
  if (wait > 0) throw Object.assign(rateLimitError(), { retryAfter: wait });
  const user = await findUserByIdentifier(db, identifier);
  // Unknown user and wrong password answer alike (and take the same time).
  const valid = await verifyPassword(password, user?.passwordHash);
  if (!user || !valid) {
    await recordLoginFailure(db, identifier);
    throw validationError('Invalid identifier or password');
  }
  await clearLoginFailures(db, identifier);
  if (accountsConfig().emailConfirmation && !user.confirmed) throw applicationError('Your account email is not confirmed');
  if (user.blocked) throw applicationError('Your account has been blocked by an administrator');
  return session(db, user);
}

// ---- POST /auth/local/register -------------------------------------------------------------------------------
const REGISTER_FIELDS = new Set(['username', 'email', 'password']);

export async function register(db: Db, body: unknown) {
  const c = new BodyChecker(body);
  const unknownKeys = Object.keys(c.body).filter((k) => !REGISTER_FIELDS.has(k));
  if (unknownKeys.length) throw validationError(`Invalid parameters: ${unknownKeys.join(', ')}`);
  const username = c.string('username');
  const email = c.string('email', { email: true });
  const password = c.string('password', { password: true });
  c.done();
  if (username.length > 100) throw validationError('username must be at most 100 characters');

  // A username that looks like an e-mail address must be the account's own address: otherwise someone could take
  // another person's address as a username, and that person could never register (and probing would show it).
  if (username.includes('@') && username.toLowerCase() !== email.toLowerCase()) {
    throw validationError('username must not be an email address other than the account email');
  }

  const confirmation = accountsConfig().emailConfirmation;
  // E-mails are compared with e-mails, usernames with usernames.
  const existing = await findUserByEmail(db, email);
  const nameTaken = !existing && (await usernameTaken(db, username));
  if (existing || nameTaken) {
    // With confirmation on, a taken address or username gets the same answer as a new registration (no
    // enumeration), and the address's owner gets a mail saying what to do. With confirmation off a new account
    // is signed in at once, so the difference shows anyway: say it.
    if (!confirmation) throw applicationError('Email or Username are already taken');
    await hashPassword(password); // the same work as a new registration
    if (existing) notifyAlreadyRegistered(db, existing);
    else notifyUsernameTaken(db, email);
    return { user: await lookalikeNewUser(db, username, email) };
  }
  const role = await findRoleByType(db, 'authenticated');
  let user: UserWithRole;
  try {
    user = await createUser(db, {
      username,
      email,
      passwordHash: await hashPassword(password),
      confirmed: !confirmation,
      roleId: role?.id ?? null,
    });
  } catch (err) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(err)) throw applicationError('Email or Username are already taken');
    throw err;
  }
  if (confirmation) {
    await sendConfirmation(db, user);
    return { user: publicUser(user) };
  }
  return session(db, user);
}

function notifyAlreadyRegistered(db: Db, user: UserWithRole): void {
  if (user.blocked) return;
  afterAnswer('register: already-registered notice', async () => {
    if (!(await recipientBudget(db, 'notice', user.email))) return;
    const code = user.provider === 'local' ? await createToken(db, 'reset-password', user.id, RESET_CODE_TTL_MS) : null;
    const mail = alreadyRegisteredEmail({
      confirmed: user.confirmed,
      resetUrl: code ? `${accountsFrontendUrl()}/ucet/obnova-hesla?code=${encodeURIComponent(code)}` : `${accountsFrontendUrl()}/ucet/zapomenute-heslo`,
      signInUrl: `${accountsFrontendUrl()}/ucet/prihlaseni`,
    });
    await mailAndDeliver(db, { to: user.email, ...mail, kind: 'account-already-registered', relatedId: String(user.id) });
  });
}

function notifyUsernameTaken(db: Db, email: string): void {
  afterAnswer('register: username-taken notice', async () => {
    if (!(await recipientBudget(db, 'notice', email))) return;
    const mail = usernameTakenEmail(`${accountsFrontendUrl()}/ucet/registrace`);
    await mailAndDeliver(db, { to: email.toLowerCase(), ...mail, kind: 'account-username-taken' });
  });
}

/** What a new registration answers (Strapi's public user), for an address that is already taken. */
async function lookalikeNewUser(db: Db, username: string, email: string) {
  const now = new Date().toISOString();
  // Take an id from the same sequence a new account would use, so ids reveal nothing either.
  const rows = rowsOf<{ id: number | string }>(await db.execute(sql`SELECT nextval(pg_get_serial_sequence('auth_users', 'id')) AS id`));
  return {
    id: Number(rows[0]?.id ?? 0),
    documentId: randomBytes(12).toString('hex').slice(0, 24),
    username,
    email: email.toLowerCase(),
    provider: 'local',
    confirmed: false,
    blocked: false,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  };
}

/** A confirmation link, within the recipient's budget (mail-budget.server.ts). */
async function sendConfirmation(db: Db, user: UserWithRole, deliver: (db: Db, msg: MailMessage) => Promise<void> = mailAfterAnswer) {
  if (!(await recipientBudget(db, 'confirmation', user.email))) return;
  const code = await createToken(db, 'email-confirmation', user.id, CONFIRMATION_CODE_TTL_MS);
  const mail = confirmationEmail(`${accountsFrontendUrl()}/ucet/potvrzeni?confirmation=${encodeURIComponent(code)}`);
  await deliver(db, { to: user.email, ...mail, kind: 'account-confirmation', relatedId: String(user.id) });
}

// ---- POST /auth/forgot-password ------------------------------------------------------------------------------
export async function forgotPassword(db: Db, body: unknown) {
  const c = new BodyChecker(body);
  const email = c.string('email', { email: true });
  c.done();
  const user = await findUserByEmail(db, email);
  // Same answer, in the same time, whether or not the account exists (no enumeration): everything only an
  // existing account needs (budget, code, outbox) happens after the answer; mail problems never surface here.
  if (user && !user.blocked && user.provider === 'local') {
    afterAnswer('forgot-password', async () => {
      if (!(await recipientBudget(db, 'reset', user.email))) return;
      const code = await createToken(db, 'reset-password', user.id, RESET_CODE_TTL_MS);
      const mail = resetPasswordEmail(`${accountsFrontendUrl()}/ucet/obnova-hesla?code=${encodeURIComponent(code)}`);
      await mailAndDeliver(db, { to: user.email, ...mail, kind: 'account-reset-password', relatedId: String(user.id) });
    });
  }
  return { ok: true as const };
}

// ---- POST /auth/reset-password -------------------------------------------------------------------------------
export async function resetPassword(db: Db, body: unknown) {
  const c = new BodyChecker(body);
  const password = c.string('password', { password: true });
  const passwordConfirmation = c.string('passwordConfirmation');
  const code = c.string('code');
  c.done();
  if (password !== passwordConfirmation) throw validationError('Passwords do not match');
  const token = await consumeToken(db, 'reset-password', code);
  const user = token?.userId ? await findUserById(db, token.userId) : null;
  if (!user) throw validationError('Incorrect code provided');
  if (user.blocked) throw applicationError('Your account has been blocked by an administrator');
  // Following a link from the mailbox proves the address too.
  const updated = await setPassword(db, user.id, await hashPassword(password));
  if (!updated) throw validationError('Incorrect code provided');
  const confirmed = updated.confirmed ? updated : ((await updateUser(db, user.id, { confirmed: true })) ?? updated);
  await notifyPasswordChanged(db, confirmed);
  return session(db, confirmed);
}

async function notifyPasswordChanged(db: Db, user: UserWithRole) {
  try {
    const mail = passwordChangedEmail(new Date(), `${accountsFrontendUrl()}/ucet/zapomenute-heslo`);
    await mailAfterAnswer(db, { to: user.email, ...mail, kind: 'account-password-changed', relatedId: String(user.id) });
  } catch (err) {
    log.error('could not queue the password-changed notice', { userId: user.id, err });
  }
}

// ---- POST /auth/change-password ------------------------------------------------------------------------------
/** `callerTokenId`: the JWT id of the session making the change; it stays valid, every other session ends. */
export async function changePassword(db: Db, caller: UserWithRole | null, body: unknown, callerTokenId: string | null = null) {
  if (!caller) throw forbiddenError();
  const c = new BodyChecker(body);
  const currentPassword = c.string('currentPassword');
  const password = c.string('password', { password: true });
  const passwordConfirmation = c.string('passwordConfirmation');
  if (password && passwordConfirmation && password !== passwordConfirmation) {
    c.issues.push({ path: ['passwordConfirmation'], message: 'Passwords do not match', name: 'ValidationError', value: undefined });
  }
  c.done();
  if (!(await verifyPassword(currentPassword, caller.passwordHash))) throw validationError('The provided current password is invalid');
  if (currentPassword === password) throw validationError('Your new password must be different than your current password');
  const updated = await setPassword(db, caller.id, await hashPassword(password), callerTokenId);
  if (!updated) throw unauthorizedError();
  await notifyPasswordChanged(db, updated);
  return session(db, updated);
}

// ---- POST /auth/send-email-confirmation ----------------------------------------------------------------------
export async function sendEmailConfirmation(db: Db, body: unknown) {
  const c = new BodyChecker(body);
  const email = c.string('email', { email: true });
  c.done();
  const user = await findUserByEmail(db, email);
  // Same answer, in the same time, for unknown, confirmed, blocked and unconfirmed addresses (no enumeration);
  // only the last get mail, sent after the answer.
  if (user && !user.confirmed && !user.blocked) {
    afterAnswer('send-email-confirmation', () => sendConfirmation(db, user, mailAndDeliver));
  }
  return { email, sent: true as const };
}

// ---- GET /auth/email-confirmation?confirmation= --------------------------------------------------------------
export async function confirmEmail(db: Db, confirmation: string | null): Promise<UserWithRole> {
  if (!confirmation) throw validationError('confirmation is a required field', { errors: [{ path: ['confirmation'], message: 'confirmation is a required field', name: 'ValidationError' }] });
  if (confirmation.length > 200) throw validationError('Invalid token');
  const token = await consumeToken(db, 'email-confirmation', confirmation);
  const user = token?.userId ? await updateUser(db, token.userId, { confirmed: true }) : null;
  if (!user) throw validationError('Invalid token');
  return user;
}

// ---- GET /users/me -------------------------------------------------------------------------------------------
export async function me(db: Db, token: string | null, populateRole: boolean) {
  if (!token) throw forbiddenError();
  const user = await authenticateToken(db, token);
  if (!user) throw unauthorizedError();
  return publicUser(user, { withRole: populateRole });
}
