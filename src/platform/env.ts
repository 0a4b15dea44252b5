import { z } from 'zod';
import { parseTrustProxy } from './client-address.mjs';

/**
 * The one place that reads process.env. Read at run time (never inlined at build time) so one build can be
 * started with any configuration. Every bad field is reported at once.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The one env transform for text: trimmed, and blank or unset means `def`. */
function trimmed<D extends string | undefined = undefined>(def?: D) {
  return z
    .string()
    .optional()
    .transform((v): string | D => (v === undefined || v.trim() === '' ? (def as D) : v.trim()));
}

const optionalString = trimmed();

const optionalUrl = trimmed().pipe(z.url({ message: 'musí být platná URL' }).optional());

/** An optional whole number: undefined when unset (the value then comes from elsewhere, e.g. content/terms.json). */
const optionalInt = (min = 0) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : Number(v)))
    .pipe(z.number({ message: 'musí být číslo' }).int().min(min).optional());

const int = (def: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? def : Number(v)))
    .pipe(z.number({ message: 'musí být číslo' }).int().min(min));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(3000, 1),
  /** The interface server.mjs listens on (unset: every interface); the backup channel connects there. */
  HOST: optionalString,
  SITE_URL: optionalUrl,
  DATA_DIR: trimmed('./data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Readable log lines instead of JSON (always on under `next dev`). */
  LOG_PRETTY: bool,

  // Content
  CONTENT_SOURCE: z
    .enum(['local', 'contentful', 'strapi'], {
      message: 'CONTENT_SOURCE musí být jedna z hodnot: local, contentful, strapi',
    })
    .default('local'),
  CONTENTFUL_SPACE_ID: optionalString,
  CONTENTFUL_ACCESS_TOKEN: optionalString,
  CONTENTFUL_ENVIRONMENT: trimmed('master'),
  CONTENTFUL_CDA_URL: trimmed('https://cdn.contentful.com').transform((v) => v.replace(/\/+$/, '')),
  CONTENT_TIMEOUT_MS: int(2000, 100),
  STRAPI_URL: optionalUrl,
  STRAPI_PREFIX: z.string().optional().transform((v) => (v === undefined ? '/api' : v.trim())),
  STRAPI_VERSION: z.enum(['v3', 'v4', 'v5']).default('v5'),
  STRAPI_TOKEN: optionalString,
  REVALIDATE_SECRET: optionalString,
  /** Seconds a cached content answer is served before it is refreshed in the background. */
  CONTENT_REVALIDATE_SECONDS: int(60, 0),
  /** Read by the render cache handler (src/platform/render-cache/handler.mjs); validated here at start-up. */
  RENDER_CACHE_MAX_MB: int(64, 1),

  // Accounts
  ACCOUNTS_SOURCE: z
    .enum(['builtin', 'strapi'], { message: 'ACCOUNTS_SOURCE musí být jedna z hodnot: builtin, strapi' })
    .default('builtin'),
  JWT_SECRET: optionalString,
  /** Session lifetime in seconds (cookie max-age and JWT expiry); Strapi's default is 30 days. */
  AUTH_COOKIE_MAX_AGE: int(30 * 24 * 3600, 300),
  /** Populate params for GET /users/me, comma-separated (AUTH_POPULATE is the older alias). */
  STRAPI_USER_POPULATE: optionalString,
  AUTH_COOKIE_NAME: trimmed('strapi_jwt'),
  AUTH_POPULATE: trimmed('role'),
  ADMIN_ROLE_TYPE: trimmed('admin'),
  AUTH_EMAIL_CONFIRMATION: z
    .string()
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1'),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: trimmed('oidc'),
  /**
   * Separate front-ends (their origins, comma-separated, e.g. `https://app.example.cz`) allowed to call the built-in
   * account endpoints with a bearer token from the browser (CORS, never with cookies). Empty: none.
   */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of (v ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
        const url = URL.canParse(part) ? new URL(part) : null;
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/+$/, '')) {
          ctx.addIssue({ code: 'custom', message: `„${part}“ není origin (schéma, host a případně port, např. https://app.example.cz)` });
          continue;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  /**
   * Where the account e-mails' links and the built-in server's redirects lead (reset, confirmation, provider sign-in),
   * like Strapi's advanced settings: the site (default) or a front-end listed in CORS_ORIGINS.
   */
  ACCOUNTS_FRONTEND_URL: optionalUrl,
  /** Strapi mode: a sign-in provider enabled in Strapi (e.g. `google`) to offer on the sign-in page. */
  STRAPI_AUTH_PROVIDER: trimmed().pipe(z.string().regex(/^[a-z0-9-]+$/, { message: 'STRAPI_AUTH_PROVIDER: jen malá písmena, číslice a pomlčky' }).optional()),

  // Data + mail
  DATABASE_URL: optionalString,
  SMTP_URL: optionalString,
  /** The sender of every mail; unset: her brand and e-mail from the site settings (src/wiring.server.ts). */
  MAIL_FROM: optionalString,
  /** Where new inquiries are announced, unless set in the admin (photographer.notifyEmail); unset: the first admin's e-mail. */
  PHOTOGRAPHER_EMAIL: trimmed().pipe(z.email({ message: 'musí být e-mailová adresa' }).optional()),

  // Bookings
  BOOKING_CAPACITY_PER_DAY: int(1, 1),
  /** Derived from content/terms.json (holdDays); when set it must repeat that value (checked at start-up). */
  HOLD_DAYS: optionalInt(1),
  /** Derived from content/terms.json (inquiryRetentionMonths); when set it must repeat that value. */
  RETENTION_MONTHS: optionalInt(1),
  INQUIRY_MIN_FILL_MS: int(3000, 0),
  INQUIRY_RATE_PER_CLIENT: int(5, 1),
  INQUIRY_RATE_GLOBAL: int(300, 1),
  AUTH_RATE_LIMIT: int(5, 1),
  /** How many proxies (or which) stand in front; server.mjs uses it, validated here so start-up reports it. */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
      }
    })
    .transform((v) => (v ?? '').trim() || 'false'),

  // Platform
  BUILD_CHECK_INTERVAL_MS: int(300000, 1000),
  ANALYTICS_MEASUREMENT_ID: optionalString,
  ANALYTICS_CONFIG_URL: optionalUrl,
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: trimmed('auto'),

  // Operations (backups, metrics)
  /** A restic repository (a path, `sftp:…`, `s3:…`); unset → backups are archive files in DATA_DIR/backups/archives. */
  BACKUP_REPOSITORY: optionalString,
  BACKUP_PASSWORD: optionalString,
  /** Hour of the day (0–23, server time) of the scheduled backup; unset → no scheduled backups. */
  BACKUP_HOUR: optionalInt(0).pipe(z.number().max(23, { message: 'BACKUP_HOUR musí být hodina 0–23' }).optional()),
  /** Bearer token of GET /api/metrics; unset → the endpoint answers 404. */
  METRICS_TOKEN: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Neplatná konfigurace:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.CONTENT_SOURCE === 'contentful' && (!env.CONTENTFUL_SPACE_ID || !env.CONTENTFUL_ACCESS_TOKEN)) {
    problems.push('CONTENT_SOURCE=contentful vyžaduje CONTENTFUL_SPACE_ID a CONTENTFUL_ACCESS_TOKEN');
  }
  if (env.CONTENT_SOURCE === 'strapi' && !env.STRAPI_URL) {
    problems.push('CONTENT_SOURCE=strapi vyžaduje STRAPI_URL');
  }
  if (env.ACCOUNTS_SOURCE === 'strapi' && !env.STRAPI_URL) {
    problems.push('ACCOUNTS_SOURCE=strapi vyžaduje STRAPI_URL');
  }
  if (env.STORAGE_DRIVER === 's3' && (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    problems.push('STORAGE_DRIVER=s3 vyžaduje S3_BUCKET, S3_ACCESS_KEY_ID a S3_SECRET_ACCESS_KEY');
  }
  // HS256 with a short secret can be brute-forced offline from any one session token.
  if (env.JWT_SECRET && Buffer.byteLength(env.JWT_SECRET, 'utf8') < 32) {
    problems.push('JWT_SECRET musí mít alespoň 32 bajtů (např. `openssl rand -base64 48`), nebo jej vynechte a server si vygeneruje vlastní');
  }
  if (env.ACCOUNTS_FRONTEND_URL) {
    const front = new URL(env.ACCOUNTS_FRONTEND_URL).origin;
    const site = new URL(env.SITE_URL ?? `http://localhost:${env.PORT}`).origin;
    if (front !== site && !env.CORS_ORIGINS.includes(front)) {
      problems.push(`ACCOUNTS_FRONTEND_URL (${front}) musí být adresa webu nebo jeden z CORS_ORIGINS`);
    }
  }
  if (env.BACKUP_REPOSITORY && !env.BACKUP_PASSWORD) {
    problems.push('BACKUP_REPOSITORY vyžaduje BACKUP_PASSWORD (heslo, kterým restic repozitář šifruje)');
  }
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) {
    problems.push('METRICS_TOKEN musí mít alespoň 16 znaků');
  }
  if (problems.length) throw new EnvError(problems);
  return env;
}

const globalForEnv = globalThis as unknown as { __appEnv?: Env };

/** Validated configuration, parsed once per process. */
export function getEnv(): Env {
  if (!globalForEnv.__appEnv) globalForEnv.__appEnv = parseEnv(process.env);
  return globalForEnv.__appEnv;
}

/** Tests change env between cases; production never calls this. */
export function resetEnvForTests(): void {
  globalForEnv.__appEnv = undefined;
}

export function siteUrl(): string {
  const env = getEnv();
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
