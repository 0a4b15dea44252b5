import { postPatchSchema } from '@/content/studio/input';
import { errorJson, json, parseJson, studioRoute, UUID } from '@/content/studio/http.server';
import { deletePost, getPost, updatePost } from '@/content/studio/posts.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const missing = () => errorJson(404, 'NotFoundError', 'Článek nenalezen.');

/** GET /api/admin/posts/{id} → {id, slug, published, title, date, excerpt, body, coverPhotoId, updatedAt}. */
export async function GET(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async ({ db }) => {
    if (!UUID.safeParse(id).success) return missing();
    const post = await getPost(db, id);
    return post ? json(post) : missing();
  });
}

/** PATCH /api/admin/posts/{id} — any field, `published`, `coverPhotoId` (null removes the cover). */
export async function PATCH(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return missing();
    return json(await updatePost(deps, id, await parseJson(request, postPatchSchema)));
  });
}

/** DELETE /api/admin/posts/{id} → 204. */
export async function DELETE(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return missing();
    await deletePost(deps, id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
