import { postCreateSchema } from '@/content/studio/input';
import { json, parseJson, studioRoute } from '@/content/studio/http.server';
import { createPost, listPosts } from '@/content/studio/posts.server';

export const dynamic = 'force-dynamic';

/** GET /api/admin/posts → the studio's blog posts (drafts too), newest first. */
export async function GET(request: Request) {
  return studioRoute(request, async ({ db }) => json({ data: await listPosts(db) }));
}

/** POST /api/admin/posts {title, date, excerpt?, body?, slug?, coverPhotoId?} → 201 {id, slug} (a draft). */
export async function POST(request: Request) {
  return studioRoute(request, async (deps) => json(await createPost(deps, await parseJson(request, postCreateSchema)), 201));
}
