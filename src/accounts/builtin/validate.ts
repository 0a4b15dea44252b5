import { z } from 'zod';
import { validationError } from './errors';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, passwordBytes } from '../password-rules';

/**
 * Strapi validates bodies with yup; we reproduce its messages ("password is a required field",
 * "email must be a valid email", "2 errors occurred" with details.errors[]) so clients see the same answers.
 */
export interface FieldIssue {
  path: string[];
  message: string;
  name: 'ValidationError';
  value?: unknown;
}

const emailSchema = z.email();

export class BodyChecker {
  readonly issues: FieldIssue[] = [];
  readonly body: Record<string, unknown>;

  constructor(body: unknown) {
    this.body = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }

  private add(field: string, message: string) {
    this.issues.push({ path: [field], message, name: 'ValidationError', value: this.body[field] });
  }

  /** A required string; numbers are cast like yup does, other types rejected. Returns '' when invalid. */
  string(field: string, opts: { email?: boolean; password?: boolean; optional?: boolean } = {}): string {
    const raw = this.body[field];
    let value: string | undefined;
    if (typeof raw === 'string') value = raw;
    else if (typeof raw === 'number' && Number.isFinite(raw)) value = String(raw);
    else if (raw !== undefined && raw !== null) {
      this.add(field, `${field} must be a \`string\` type, but the final value was: \`${safeJson(raw)}\`.`);
      return '';
    }
    if (value === undefined || value === '') {
      if (!opts.optional) this.add(field, `${field} is a required field`);
      return '';
    }
    if (value.length > 1000 && !opts.password) {
      this.add(field, `${field} must be at most 1000 characters`);
      return '';
    }
    if (opts.email && !emailSchema.safeParse(value.trim()).success) {
      this.add(field, `${field} must be a valid email`);
      return '';
    }
    if (opts.password) {
      if (value.length < PASSWORD_MIN_LENGTH) {
        this.add(field, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`);
        return '';
      }
      if (passwordBytes(value) > PASSWORD_MAX_BYTES) {
        this.add(field, `Password must be less than ${PASSWORD_MAX_BYTES + 1} bytes`);
        return '';
      }
    }
    return opts.email ? value.trim() : value;
  }

  /** Throws the Strapi ValidationError for everything collected so far. */
  done(): void {
    if (!this.issues.length) return;
    const message = this.issues.length === 1 ? this.issues[0].message : `${this.issues.length} errors occurred`;
    throw validationError(message, { errors: this.issues });
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
