import { weddingCreateSchema } from '@/content/studio/input';
import { json, parseJson, studioRoute } from '@/content/studio/http.server';
import { createWedding, listWeddings } from '@/content/studio/service.server';

export const dynamic = 'force-dynamic';

/** GET /api/admin/weddings → the studio's weddings (drafts too). */
export async function GET(request: Request) {
  return studioRoute(request, async ({ db }) => json({ data: await listWeddings(db) }));
}

/** POST /api/admin/weddings {couple, date, location, shortDescription?, story?, year?, favorite?, slug?} → 201 {id, slug}. */
export async function POST(request: Request) {
  return studioRoute(request, async (deps) => json(await createWedding(deps, await parseJson(request, weddingCreateSchema)), 201));
}
