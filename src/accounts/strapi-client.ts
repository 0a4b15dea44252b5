import qs from 'qs';
import { z } from 'zod';
import type { StrapiVersion } from './config';

/**
 * The one client for accounts: speaks the Strapi users-permissions protocol (docs/protocols.md §1) to a real Strapi
 * or to the site's built-in account server. No Next.js imports — the token and user stores are injected, so the
 * same class runs in server components, server actions, scripts and tests.
 */

export interface StrapiRole {
  id?: number;
  documentId?: string;
  name: string;
  description?: string;
  type: string;
}

export interface StrapiUser {
  id: number | string;
  documentId?: string;
  username: string;
  email: string;
  provider?: string;
  confirmed: boolean;
  blocked: boolean;
  createdAt?: string;
  updatedAt?: string;
  role?: StrapiRole;
}

/** Remote user objects are validated at the boundary; unknown extra fields are dropped. */
export const strapiUserSchema = z.object({
  id: z.union([z.number(), z.string()]),
  documentId: z.string().optional(),
  username: z.string(),
  email: z.string(),
  provider: z.string().optional(),
  confirmed: z.boolean().nullable().optional().transform((v) => v === true),
  blocked: z.boolean().nullable().optional().transform((v) => v === true),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  role: z
    .object({
      id: z.number().optional(),
      documentId: z.string().optional(),
      name: z.string(),
      description: z.string().nullable().optional().transform((v) => v ?? undefined),
      type: z.string(),
    })
    .nullable()
    .optional()
    .transform((v) => v ?? undefined),
});

export interface TokenStore {
  get(): string | null | Promise<string | null>;
  set(token: string | null): void | Promise<void>;
}

export interface UserStore {
  get(): StrapiUser | null;
  set(user: StrapiUser | null): void;
}

export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return { get: () => token, set: (t) => void (token = t) };
}

export function memoryUserStore(initial: StrapiUser | null = null): UserStore {
  let user = initial;
  return { get: () => user, set: (u) => void (user = u) };
}

export interface StrapiClientOptions {
  url: string;
  prefix: string;
  version: StrapiVersion;
  /** Params for GET /users/me, e.g. `{ populate: ['role'] }`. */
  userParams?: Record<string, unknown>;
  tokens?: TokenStore;
  users?: UserStore;
  /** Defaults to global fetch. The built-in server is reached in-process on the server (see builtin-fetch). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Extra headers for every request (e.g. the visitor's forwarded address). */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Thrown for every failed request. `error` is what the original client rejected with: the server's body exactly
 * as sent, or — when no body arrived — the UnknownError shape of the configured version.
 */
export class StrapiRequestError extends Error {
  constructor(
    public readonly error: unknown,
    public readonly status: number,
  ) {
    super(strapiErrorMessage(error) ?? `Strapi request failed with status ${status}`);
    this.name = 'StrapiRequestError';
  }
}

/** The message inside any of the protocol's error shapes (v4/v5 envelope, v3 Boom body, UnknownError). */
export function strapiErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const b = body as { error?: unknown; message?: unknown };
  if (b.error && typeof b.error === 'object') {
    const m = (b.error as { message?: unknown }).message;
    if (typeof m === 'string') return m;
  }
  if (typeof b.message === 'string') return b.message;
  if (Array.isArray(b.message)) {
    const first = (b.message[0] as { messages?: { message?: unknown }[] } | undefined)?.messages?.[0]?.message;
    if (typeof first === 'string') return first;
  }
  return undefined;
}

/** Same serialisation as the original client: brackets for nesting, indices for arrays, values encoded. */
export function stringifyParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  return qs.stringify(params, { encodeValuesOnly: true });
}

export function unknownErrorShape(version: StrapiVersion, failure: unknown): unknown {
  const message = failure instanceof Error ? failure.message : String(failure);
  const details = failure instanceof Error ? { name: failure.name, message: failure.message, cause: describeCause(failure.cause) } : failure;
  if (version === 'v3') return { error: 'UnknownError', message, statusCode: 500 };
  return { error: { status: 500, name: 'UnknownError', message, details } };
}

function describeCause(cause: unknown): unknown {
  if (!cause) return undefined;
  if (cause instanceof Error) return { name: cause.name, message: cause.message, code: (cause as { code?: unknown }).code };
  return String(cause);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  body?: unknown;
}

export interface AuthResponse {
  jwt?: string;
  user?: StrapiUser;
}

export class StrapiClient {
  readonly tokens: TokenStore;
  readonly users: UserStore;

  constructor(private readonly opts: StrapiClientOptions) {
    this.tokens = opts.tokens ?? memoryTokenStore();
    this.users = opts.users ?? memoryUserStore();
  }

  get version(): StrapiVersion {
    return this.opts.version;
  }

  /** `${url}${prefix}${path}` — plain concatenation, as the original client did. */
  url(path: string): string {
    return `${this.opts.url}${this.opts.prefix}${path}`;
  }

  getProviderAuthenticationUrl(provider: string): string {
    return this.url(`/connect/${provider}`);
  }

  async getToken(): Promise<string | null> {
    return (await this.tokens.get()) || null;
  }

  async setToken(token: string | null): Promise<void> {
    await this.tokens.set(token);
  }

  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const token = await this.getToken();
    const headers: Record<string, string> = { accept: 'application/json', ...this.opts.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const query = stringifyParams(options.params);
    const target = this.url(path) + (query ? `?${query}` : '');
    const doFetch = this.opts.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
    let res: Response;
    let text: string;
    try {
      res = await doFetch(target, {
        method: options.method ?? 'GET',
        headers,
        body,
        cache: 'no-store',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      text = await res.text();
    } catch (failure) {
      throw new StrapiRequestError(unknownErrorShape(this.opts.version, failure), 500);
    }
    const parsed = parseBody(text);
    // GET /auth/email-confirmation answers with a redirect: success, nothing to read.
    if (res.status >= 300 && res.status < 400) return parsed as T;
    if (!res.ok) {
      if (text === '') throw new StrapiRequestError(unknownErrorShape(this.opts.version, new Error(`${res.status} ${res.statusText}`.trim())), res.status || 500);
      throw new StrapiRequestError(parsed, res.status);
    }
    return parsed as T;
  }

  /** GET /users/me with the configured params; only with a token. Any failure clears token and user. */
  async fetchUser(): Promise<StrapiUser | null> {
    const token = await this.getToken();
    if (!token) {
      this.users.set(null);
      return null;
    }
    try {
      const raw = await this.request('/users/me', { params: this.opts.userParams });
      const user = strapiUserSchema.parse(raw);
      this.users.set(user);
      return user;
    } catch {
      await this.setToken(null);
      this.users.set(null);
      return null;
    }
  }

  private async authenticate(path: string, method: 'GET' | 'POST', payload: { body?: unknown; params?: Record<string, unknown> }): Promise<AuthResponse> {
    await this.setToken(null);
    this.users.set(null);
    const res = await this.request<AuthResponse>(path, { method, ...payload });
    const jwt = res && typeof res === 'object' && typeof res.jwt === 'string' ? res.jwt : undefined;
    if (jwt) {
      await this.setToken(jwt);
      await this.fetchUser();
    }
    return res;
  }

  login(body: { identifier: string; password: string }): Promise<AuthResponse> {
    return this.authenticate('/auth/local', 'POST', { body });
  }

  /** With e-mail confirmation on, the answer holds no jwt: no token is stored and no user is loaded. */
  register(body: { username: string; email: string; password: string } & Record<string, unknown>): Promise<AuthResponse> {
    return this.authenticate('/auth/local/register', 'POST', { body });
  }

  resetPassword(body: { code: string; password: string; passwordConfirmation: string }): Promise<AuthResponse> {
    return this.authenticate('/auth/reset-password', 'POST', { body });
  }

  authenticateProvider(provider: string, accessToken: string): Promise<AuthResponse> {
    return this.authenticate(`/auth/${provider}/callback`, 'GET', { params: { access_token: accessToken } });
  }

  async forgotPassword(body: { email: string }): Promise<void> {
    await this.setToken(null);
    this.users.set(null);
    await this.request('/auth/forgot-password', { method: 'POST', body });
  }

  async changePassword(body: { currentPassword: string; password: string; passwordConfirmation: string }): Promise<void> {
    await this.request('/auth/change-password', { method: 'POST', body });
  }

  async sendEmailConfirmation(body: { email: string }): Promise<void> {
    await this.request('/auth/send-email-confirmation', { method: 'POST', body });
  }

  /** Local only: Strapi keeps no server-side session. */
  async logout(): Promise<void> {
    await this.setToken(null);
    this.users.set(null);
  }
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
