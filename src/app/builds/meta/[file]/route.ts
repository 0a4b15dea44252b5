import { NextResponse } from 'next/server';
import { routeRulesManifest } from '@/platform/build/build-info.server';

export const dynamic = 'force-dynamic';

/** docs/spec.md §2 "Build updates": `builds/meta/{buildId}.json`, the route-rules manifest of this server's build; other ids are 404. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const manifest = routeRulesManifest();
  if (file !== `${manifest.id}.json`) {
    return NextResponse.json({ error: 'Manifest tohoto sestavení neexistuje.' }, { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  // A build's manifest never changes: cache it for as long as that build can be around.
  return NextResponse.json(manifest, { headers: { 'cache-control': 'public, max-age=3600, immutable' } });
}
