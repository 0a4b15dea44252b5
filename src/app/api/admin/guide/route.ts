import { z } from 'zod';
import { inquiryNotifyAddress } from '@/accounts/public.server';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { sendTestMail } from '@/platform/mail.server';
import { getSiteInfo, guideProgress, markGuide } from '@/site/public.server';
import { errorJson, json, readSettingsBody, settingsRoute } from '../settings/settings-api';

export const dynamic = 'force-dynamic';

/**
 * The first-run guide's progress (/admin/pruvodce): GET → {progress, smtp}; POST {action} with
 * `test-mail` (a test mail to the address inquiries go to, sent at once: {mail: {outcome: sent|stored|failed,
 * error?}}), `finish` (the dashboard stops offering the guide) or `reopen`.
 */
const actionSchema = z.object({ action: z.enum(['test-mail', 'finish', 'reopen'], { error: 'Neznámá akce (povolené: test-mail, finish, reopen).' }) });

export async function GET(request: Request) {
  return settingsRoute(request, async () => json({ progress: await guideProgress(await getDb()), smtp: Boolean(getEnv().SMTP_URL) }));
}

export async function POST(request: Request) {
  return settingsRoute(request, async () => {
    const parsed = actionSchema.safeParse(await readSettingsBody(request));
    if (!parsed.success) return errorJson(422, 'ValidationError', parsed.error.issues[0]?.message ?? 'Neplatný požadavek.', { errors: [{ field: 'action', message: parsed.error.issues[0]?.message }] });
    const db = await getDb();
    const smtp = Boolean(getEnv().SMTP_URL);
    if (parsed.data.action === 'test-mail') {
      const to = (await inquiryNotifyAddress(db)).email;
      const site = getSiteInfo().photographer;
      const mail = await sendTestMail(db, {
        to,
        subject: `Zkušební e-mail z webu ${site.brand}`,
        text: `Dobrý den,\n\ntento e-mail poslal váš web jako zkoušku. Když ho čtete, odesílání funguje a na tuto adresu (${to}) vám budou chodit nové poptávky.\n\n${site.brand}`,
        kind: 'site-test',
      });
      const progress = mail.outcome === 'failed' ? await guideProgress(db) : await markGuide(db, 'mail-tested');
      return json({ progress, smtp, to, mail });
    }
    const progress = await markGuide(db, parsed.data.action === 'finish' ? 'finished' : 'reopened');
    return json({ progress, smtp });
  });
}
