import 'server-only';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { log } from '@/platform/log';
import { readRawContentJson } from './files';
import { faqSchema } from './faq';
import { homeSchema } from './home';
import { siteSchema } from './identity';
import { currentOverrides, deepMerge, isPlainObject, overlay, SECTION_FILES, SECTIONS, setOverrides, withOverrides, type Overrides, type Section } from './overrides';
import { pricingSchema } from './pricing';
import { readSettingRows, replaceSettingRows, writeSettingRows } from './repositories/settings.server';
import { termsSchema } from './terms';
import { testimonialsFileSchema } from './testimonials';

/**
 * The photographer's settings: the shipped `content/` files are the defaults, what she saves in the admin (the
 * `site_settings` table) wins. `GET /api/admin/settings` answers `effectiveSettings()`, `PATCH` runs
 * `patchSettings()`, the export/import of the admin use the same shape. Every change is validated with the very
 * schemas the files are read with, as the whole site would look after it, with Czech messages naming the field.
 */

/** The effective settings in the shapes of the files they override (raw JSON, `{{placeholders}}` unfilled). */
export interface SiteSettingsDoc {
  photographer: Record<string, unknown>;
  pricing: Record<string, unknown>;
  faq: Record<string, unknown>;
  testimonials: Record<string, unknown>;
  terms: Record<string, unknown>;
  /** content/home.json: the hero's and the about teaser's texts, the hero photo and her portrait. */
  home: Record<string, unknown>;
}

const FILE_SCHEMAS: Record<string, z.ZodType> = {
  'terms.json': termsSchema,
  'site.json': siteSchema,
  'pricing.json': pricingSchema,
  'faq.json': faqSchema,
  'testimonials.json': testimonialsFileSchema,
  'home.json': homeSchema,
};

export interface SettingsIssue {
  /** `terms.depositPercent`, `pricing.packages.0.price`, `photographer.ico`. */
  field: string;
  message: string;
}

export class SettingsError extends Error {
  constructor(readonly issues: SettingsIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
    this.name = 'SettingsError';
  }
}

const czech = z.locales.cs();

function sectionRaw(section: Section, overrides: Overrides): Record<string, unknown> {
  const { file, key } = SECTION_FILES[section];
  const whole = overlay(file, readRawContentJson(file), overrides);
  const value = key ? (isPlainObject(whole) ? whole[key] : undefined) : whole;
  return isPlainObject(value) ? value : {};
}

/** The effective settings (files with the saved values over them). `notifyEmail` is the saved one or null. */
export function effectiveSettings(overrides: Overrides = currentOverrides()): SiteSettingsDoc {
  const photographer = sectionRaw('photographer', overrides);
  return {
    photographer: { ...photographer, notifyEmail: typeof photographer.notifyEmail === 'string' ? photographer.notifyEmail : null },
    pricing: sectionRaw('pricing', overrides),
    faq: sectionRaw('faq', overrides),
    testimonials: sectionRaw('testimonials', overrides),
    terms: sectionRaw('terms', overrides),
    home: sectionRaw('home', overrides),
  };
}

/** Every problem the site would have with `overrides` saved; empty when they are fine. */
export function validateOverrides(overrides: Overrides): SettingsIssue[] {
  return withOverrides(overrides, () => {
    // The terms first, then the identity: every text's placeholders and the price list depend on them, so their
    // problems are reported alone rather than repeated by every text that reads them.
    for (const files of [['terms.json'], ['site.json'], ['pricing.json', 'faq.json', 'testimonials.json', 'home.json']]) {
      const issues = files.flatMap((file) => validateFile(file, overrides));
      if (issues.length) return issues;
    }
    return [];
  });
}

function validateFile(file: string, overrides: Overrides): SettingsIssue[] {
  const section = SECTIONS.find((s) => SECTION_FILES[s].file === file) as Section;
  let result: z.ZodSafeParseResult<unknown>;
  try {
    result = FILE_SCHEMAS[file].safeParse(overlay(file, readRawContentJson(file), overrides), { error: czech.localeError });
  } catch (err) {
    // Not expected once the terms and the identity are valid; refuse rather than save what could not be checked.
    log.error('settings: validation failed', { file, err });
    return [{ field: section, message: 'Nastavení se nepodařilo ověřit; nic jsem neuložila.' }];
  }
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const path = issue.path.map(String);
    // site.json's paths already start with "photographer"; navigation and cta are not settings.
    return { field: SECTION_FILES[section].key ? path.join('.') : [section, ...path].join('.'), message: issue.message };
  });
}

/** A change as sent by the admin: one or more of the sections, each an object (testimonials may also be the bare list). */
const patchSchema = z
  .object(
    Object.fromEntries(SECTIONS.map((s) => [s, z.unknown().optional()])) as Record<Section, z.ZodOptional<z.ZodUnknown>>,
  )
  .strict();

function normalisePatch(input: unknown): Overrides {
  if (!isPlainObject(input)) throw new SettingsError([{ field: '(tělo)', message: 'Nastavení musí být objekt JSON.' }]);
  const parsed = patchSchema.safeParse(input);
  if (!parsed.success) {
    throw new SettingsError(
      parsed.error.issues.map((i) => ({
        field: i.code === 'unrecognized_keys' ? i.keys.join(', ') : i.path.join('.') || '(tělo)',
        message: i.code === 'unrecognized_keys' ? `Neznámá část nastavení (povolené: ${SECTIONS.join(', ')}).` : i.message,
      })),
    );
  }
  const out: Overrides = {};
  const issues: SettingsIssue[] = [];
  for (const section of SECTIONS) {
    let value = parsed.data[section];
    if (value === undefined) continue;
    if (section === 'testimonials' && Array.isArray(value)) value = { testimonials: value };
    if (!isPlainObject(value)) {
      issues.push({ field: section, message: 'Musí být objekt JSON.' });
      continue;
    }
    out[section] = value;
  }
  if (issues.length) throw new SettingsError(issues);
  return out;
}

/** Loads the saved settings into memory (start-up, after a change on another instance). */
export async function loadSiteSettings(db: Db): Promise<number> {
  const rows = await readSettingRows(db);
  const overrides: Overrides = {};
  for (const row of rows) {
    if ((SECTIONS as readonly string[]).includes(row.section)) overrides[row.section as Section] = row.value;
  }
  const issues = validateOverrides(overrides);
  if (issues.length) {
    // Saved values that no longer fit the schemas (e.g. after an upgrade) must not take the site down: the files win.
    log.error('settings: the saved settings are invalid; using the content files', { issues });
    setOverrides({});
    return 0;
  }
  setOverrides(overrides);
  return rows.length;
}

/** Deep-merges `patch` into the saved settings, validates the whole site with it, saves it. */
export async function patchSettings(db: Db, patch: unknown, updatedBy: string | null): Promise<SiteSettingsDoc> {
  const change = normalisePatch(patch);
  const current = currentOverrides();
  const candidate: Overrides = { ...current };
  for (const section of SECTIONS) {
    if (change[section] !== undefined) candidate[section] = deepMerge(current[section], change[section]);
  }
  const issues = validateOverrides(candidate);
  if (issues.length) throw new SettingsError(issues);
  const rows: Record<string, unknown> = {};
  for (const section of SECTIONS) if (change[section] !== undefined) rows[section] = candidate[section];
  await writeSettingRows(db, rows, updatedBy);
  setOverrides(candidate);
  return effectiveSettings();
}

/** Replaces every saved setting with an exported document (a section left out goes back to its file). */
export async function importSettings(db: Db, doc: unknown, updatedBy: string | null): Promise<SiteSettingsDoc> {
  const candidate = normalisePatch(doc);
  const issues = validateOverrides(candidate);
  if (issues.length) throw new SettingsError(issues);
  await replaceSettingRows(db, candidate, updatedBy);
  setOverrides(candidate);
  return effectiveSettings();
}

const SAMPLE_FIELDS: { key: string; label: string }[] = [
  { key: 'name', label: 'jméno' },
  { key: 'brand', label: 'značka' },
  { key: 'email', label: 'e-mail' },
  { key: 'phone', label: 'telefon' },
  { key: 'street', label: 'adresa' },
  { key: 'ico', label: 'IČO' },
  { key: 'bankAccount', label: 'číslo účtu' },
];

/**
 * Which of the photographer's details (keys of `photographer`) the public site still shows with the shipped sample
 * values (the content/ files as delivered, or an address at example.cz/.com).
 */
export function sampleKeysLive(): string[] {
  const shipped = sectionRaw('photographer', {});
  const live = sectionRaw('photographer', currentOverrides());
  return SAMPLE_FIELDS.filter((f) => {
    const v = live[f.key];
    const sampleDomain = typeof v === 'string' && /@example\.(cz|com)$/i.test(v);
    return v === shipped[f.key] || sampleDomain;
  }).map((f) => f.key);
}

/**
 * How many of the live testimonials are still the shipped sample quotes (same couple and same words), and how many
 * there are: invented quotes must not pass for her couples' words, so the dashboard asks her to replace them.
 */
export function sampleTestimonialsLive(): { samples: number; total: number } {
  const quotes = (raw: Record<string, unknown>): { couple: unknown; quote: unknown }[] =>
    Array.isArray(raw.testimonials) ? raw.testimonials.filter(isPlainObject).map((t) => ({ couple: t.couple, quote: t.quote })) : [];
  const shipped = new Set(quotes(sectionRaw('testimonials', {})).map((t) => JSON.stringify([t.couple, t.quote])));
  const live = quotes(sectionRaw('testimonials', currentOverrides()));
  return { samples: live.filter((t) => shipped.has(JSON.stringify([t.couple, t.quote]))).length, total: live.length };
}

/** The same as Czech labels, for the dashboard's warning. */
export function sampleValuesLive(): string[] {
  const keys = sampleKeysLive();
  return SAMPLE_FIELDS.filter((f) => keys.includes(f.key)).map((f) => f.label);
}
