import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { appSettings } from '@/db/schema';

/** `app_settings`: generated values every instance must agree on (signing keys, salts, tokens). Its only owner. */

/** A generated setting (secret tokens); concurrent first calls agree on one value. */
export async function settingOrCreate(db: Db, key: string, generate: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}

export async function replaceSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

