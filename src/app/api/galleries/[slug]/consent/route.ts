import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { answerConsent } from '@/galleries/admin-delivery.server';
import { parseVisitorJson, visitorJson, visitorRoute } from '@/galleries/visitor-http.server';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({ given: z.boolean({ error: 'Odpověď musí být ano, nebo ne.' }) });

/** POST /api/galleries/{slug}/consent {given} → the couple's consent to publish (souhlas se zveřejněním), recorded with time. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery, visitor, now }) => {
    const { given } = await parseVisitorJson(request, bodySchema);
    return visitorJson(await answerConsent(deps.db, gallery, visitor, given, now));
  });
}
