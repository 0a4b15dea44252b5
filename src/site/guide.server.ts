import 'server-only';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { replaceSetting, settingOrCreate } from '@/platform/settings.server';
import { log } from '@/platform/log';
import { getHomeContent } from './home';
import { sampleValuesLive } from './settings.server';

/**
 * The first-run guide (/admin/pruvodce): her details, her two photos, a test mail. Two of its steps are read from
 * the settings themselves (no sample detail left on the public site; the hero and the portrait are her uploads);
 * what the settings cannot tell — that the mail test was run, that she finished the guide — is kept in
 * `app_settings` under `site-guide`, shared by every instance.
 */
const KEY = 'site-guide';

const storedSchema = z.object({
  mailTestedAt: z.string().nullable().default(null),
  finishedAt: z.string().nullable().default(null),
});
type Stored = z.infer<typeof storedSchema>;

export interface GuideProgress {
  /** No sample value of her details is live (sampleValuesLive is empty). */
  identity: boolean;
  /** Which of the two photos are hers. */
  heroPhoto: boolean;
  portrait: boolean;
  mailTested: boolean;
  finished: boolean;
  /** Details still showing the shipped sample (Czech labels). */
  samples: string[];
}

async function readStored(db: Db): Promise<Stored> {
  const raw = await settingOrCreate(db, KEY, () => '{}');
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: an unreadable value counts as a guide not started
  }
  log.warn('site guide: stored progress unreadable; starting over', { raw: raw.slice(0, 200) });
  return { mailTestedAt: null, finishedAt: null };
}

export async function guideProgress(db: Db): Promise<GuideProgress> {
  const stored = await readStored(db);
  const home = getHomeContent();
  const samples = sampleValuesLive();
  return {
    identity: samples.length === 0,
    heroPhoto: 'photo' in home.hero.image,
    portrait: 'photo' in home.about.portrait,
    mailTested: stored.mailTestedAt !== null,
    finished: stored.finishedAt !== null,
    samples,
  };
}

/** Records a step the settings cannot show: the mail test was run, or she finished (or left) the guide. */
export async function markGuide(db: Db, what: 'mail-tested' | 'finished' | 'reopened', now = new Date()): Promise<GuideProgress> {
  const stored = await readStored(db);
  const next: Stored =
    what === 'mail-tested' ? { ...stored, mailTestedAt: now.toISOString() } : what === 'finished' ? { ...stored, finishedAt: now.toISOString() } : { ...stored, finishedAt: null };
  await replaceSetting(db, KEY, JSON.stringify(next));
  return guideProgress(db);
}
