import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { siteSettings } from '@/db/schema';

/** `site_settings`: its only owner. One row per settings section; the value is what the admin saved (JSON). */

export async function readSettingRows(db: Db): Promise<{ section: string; value: unknown; updatedAt: Date }[]> {
  return db.select({ section: siteSettings.section, value: siteSettings.value, updatedAt: siteSettings.updatedAt }).from(siteSettings);
}

/** Writes the given sections (a `null` value deletes the section: back to the file) in one transaction. */
export async function writeSettingRows(db: Db, sections: Record<string, unknown>, updatedBy: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = Object.entries(sections).filter(([, v]) => v === null).map(([k]) => k);
    if (gone.length) await tx.delete(siteSettings).where(inArray(siteSettings.section, gone));
    for (const [section, value] of Object.entries(sections)) {
      if (value === null) continue;
      await tx
        .insert(siteSettings)
        .values({ section, value, updatedBy })
        .onConflictDoUpdate({ target: siteSettings.section, set: { value, updatedBy, updatedAt: sql`now()` } });
    }
  });
}

/** Replaces every section (an import): sections not given are deleted. */
export async function replaceSettingRows(db: Db, sections: Record<string, unknown>, updatedBy: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(siteSettings);
    for (const [section, value] of Object.entries(sections)) {
      await tx.insert(siteSettings).values({ section, value, updatedBy });
    }
  });
}
