import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { log } from '@/platform/log';
import type { HttpDeps } from './http.server';
import { FORM_FIELDS, HONEYPOT_FIELD, type FormState } from './form-state';
import { LIMITS, type InquiryKind } from './input';
import { signFormStart } from './secrets.server';
import { submitInquiry } from './service.server';

/** The same dependencies as the JSON endpoint (runtime.server.ts appDeps), plus the client's address. */
export type FormDeps = HttpDeps & { clientAddress: string };

/** A fresh form: new idempotency key, signed start time, optional prefilled values. */
export async function initialFormState(kind: InquiryKind, getDb: () => Promise<Db>, values: Record<string, string> = {}): Promise<FormState> {
  let started = `${Date.now()}.unsigned`;
  try {
    started = await signFormStart(await getDb(), Date.now());
  } catch (err) {
    // The page still renders; submitting answers 503 until the database is back, then asks to resend.
    log.warn('form start could not be signed (database unavailable?)', { err });
  }
  return { kind, status: 'idle', errors: {}, values, started, key: randomUUID(), attempt: 0 };
}

const ECHO_LIMIT = LIMITS.message + 100;

/**
 * Handles one form submission. Returns the next state (refusal: every value kept) or the confirmation URL.
 * The same service and zod schema as the JSON API.
 */
export async function handleFormSubmission(
  kind: InquiryKind,
  prev: FormState,
  formData: FormData,
  deps: FormDeps,
): Promise<{ state: FormState } | { redirect: string }> {
  const raw: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const name of FORM_FIELDS[kind]) {
    const v = formData.get(name);
    if (v === null) continue;
    raw[name] = typeof v === 'string' ? v : { file: true };
    if (typeof v === 'string') values[name] = v.slice(0, ECHO_LIMIT);
  }
  const keyField = formData.get('_key');
  const startedField = formData.get('_started');
  // A cached page's form gets its key after hydration; a submission before that (or without JavaScript) gets one
  // here, at the submit step.
  const key = typeof keyField === 'string' && keyField ? keyField.slice(0, 200) : prev.key || randomUUID();
  // Only the submitted field counts: the previous state travels through the client and proves nothing.
  const started = typeof startedField === 'string' ? startedField.slice(0, 200) : '';

  const result = await submitInquiry(deps.getDb, {
    kind,
    raw,
    idempotencyKey: key,
    clientAddress: deps.clientAddress,
    form: { startedToken: started, honeypot: formData.get(HONEYPOT_FIELD) ?? undefined },
    packageIds: deps.packageIds,
    config: deps.config,
  });
  if (result.ok) {
    if (result.mailIds.length && deps.deliver) {
      try {
        deps.deliver(await deps.getDb(), result.mailIds);
      } catch (err) {
        log.warn('mail delivery could not be scheduled; the outbox job will retry', { err });
      }
    }
    return { redirect: `/rezervace/odeslano?ref=${encodeURIComponent(result.reference)}${kind === 'contact' ? '&typ=kontakt' : ''}` };
  }
  // A forged/expired start token or a too-fast submission: offer a fresh token so the resend can pass. So does a
  // refusal of a form sent without one (a cached page's form before its token arrived, or without JavaScript), so
  // that the corrected form is not refused once more for the token.
  let nextStarted = started;
  if ((result.status === 400 && !result.fields) || !started) {
    const fresh = await initialFormState(kind, deps.getDb);
    nextStarted = fresh.started;
  }
  const safeKey = /^[A-Za-z0-9_.:-]{8,100}$/.test(key) ? key : randomUUID();
  return {
    state: {
      kind,
      status: 'error',
      message: result.message,
      code: result.status,
      errors: result.fields ?? {},
      values,
      started: nextStarted,
      key: safeKey,
      attempt: prev.attempt + 1,
    },
  };
}
