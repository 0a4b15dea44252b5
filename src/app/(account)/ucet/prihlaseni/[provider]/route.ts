import { NextResponse, type NextRequest } from 'next/server';
import { serverClient } from '@/accounts/session.server';
import { isEnabledProvider } from '@/accounts/providers';
import { log } from '@/platform/log';
import { siteUrl } from '@/platform/env';
import { StrapiRequestError } from '@/accounts/strapi-client';

export const dynamic = 'force-dynamic';

/**
 * Where the provider flow lands (Strapi's "redirect URL to your front-end app"): `?access_token=…` is exchanged
 * at `{base}/auth/{provider}/callback` for our jwt, stored in the session cookie, and the visitor goes to /ucet.
 * Redirects use the configured public origin (request.nextUrl may name the bind address instead).
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ provider: string }> }) {
  const { provider } = await params;
  const accessToken = request.nextUrl.searchParams.get('access_token');
  const fail = () => NextResponse.redirect(`${siteUrl()}/ucet/prihlaseni?chyba=poskytovatel`, 303);
  if (!isEnabledProvider(provider) || !accessToken || accessToken.length > 4096) return fail();
  const client = await serverClient();
  try {
    await client.authenticateProvider(provider, accessToken);
  } catch (err) {
    log.warn('provider sign-in failed', { provider, err: err instanceof StrapiRequestError ? err.error : err });
    return fail();
  }
  if (!client.users.get()) return fail();
  const res = NextResponse.redirect(`${siteUrl()}/ucet`, 303);
  res.headers.set('referrer-policy', 'no-referrer');
  return res;
}
