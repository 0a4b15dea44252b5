import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { parseVisitorJson, visitorJson, visitorRoute } from '@/galleries/visitor-http.server';
import { favoritesOf, rememberEmail } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({ email: z.email({ error: 'Zadejte prosím platný e-mail.' }).max(254, 'E-mail je příliš dlouhý.') });

/** POST /api/galleries/{slug}/email {email} → the visitor's favourites now follow this e-mail (merged across devices). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery, visitor }) => {
    const { email } = await parseVisitorJson(request, bodySchema);
    const updated = await rememberEmail(deps.db, gallery, visitor, email);
    return visitorJson({ email: updated.email, photoIds: await favoritesOf(deps.db, gallery, updated) });
  });
}
