import { getSiteInfo } from '@/site/public.server';
import { withdrawalForm, withdrawalFormText } from '@/content/withdrawal-form';

/** The model withdrawal form as a UTF-8 text file to download, fill in and send (the same text as the page). */
export function GET(): Response {
  // A byte-order mark so editors on every system open the Czech text as UTF-8.
  const body = `\ufeff${withdrawalFormText(withdrawalForm(getSiteInfo().photographer))}`;
  return new Response(body, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': "attachment; filename=\"odstoupeni-od-smlouvy.txt\"; filename*=UTF-8''odstoupeni-od-smlouvy.txt",
      'cache-control': 'public, max-age=3600',
    },
  });
}
