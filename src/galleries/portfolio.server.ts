import 'server-only';
import type { PhotoPick, PickedPhotos } from '@/content/public.server';
import { consentView, type ConsentView } from './admin-delivery.server';
import { conflict, notFound, validation } from './errors';
import type { PortfolioPickInput } from './input';
import { galleryById, galleryPhotosAll, type GalleryDeps } from './read.server';
import { logActivity } from './repositories/delivery.server';

/**
 * From delivery to portfolio: the photographer picks photos of a client gallery into one of her public weddings.
 * The gallery checks what is picked (its own ready photos) and the couple's consent to publish; the studio takes
 * the photos by reference to the photo module (no second upload: `addToWedding` copies each original inside storage).
 */

export interface PortfolioResult extends PickedPhotos {
  consent: ConsentView;
}

/** Adds picked photos to a wedding of the studio; the caller wires the studio in (`addToWedding`). */
export async function pickIntoPortfolio(
  deps: Pick<GalleryDeps, 'db'>,
  galleryId: string,
  input: PortfolioPickInput,
  addToWedding: (weddingId: string, picks: PhotoPick[], alt: string) => Promise<PickedPhotos>,
): Promise<PortfolioResult> {
  const gallery = await galleryById(deps, galleryId);
  if (!gallery) throw notFound();
  const consent = await consentView(deps.db, gallery);
  if (consent.given !== true && !input.withoutConsent) {
    throw conflict(
      consent.given === false
        ? 'Pár souhlas se zveřejněním odmítl. Fotografie na web přidejte jen tehdy, když máte jejich souhlas jinak (např. písemně), a potvrďte to.'
        : 'Pár zatím nedal souhlas se zveřejněním. Fotografie na web přidejte jen tehdy, když máte jejich souhlas jinak (např. ve smlouvě), a potvrďte to.',
      { consent: consent.given },
    );
  }
  const photos = await galleryPhotosAll(deps, galleryId, { photoIds: input.photoIds });
  const found = new Set(photos.map((p) => p.id));
  if (input.photoIds.some((id) => !found.has(id))) throw validation('Některá z vybraných fotografií do této galerie nepatří (možná byla mezitím smazána). Obnovte prosím stránku.');
  const notReady = photos.filter((p) => p.status !== 'ready');
  if (notReady.length) throw validation(`Na web lze přidat jen zpracované fotografie; ${notReady.map((p) => p.fileName).join(', ')} zatím zpracované nejsou.`);
  const alt = input.alt || `Svatební fotografie – ${gallery.title}`;
  const result = await addToWedding(input.weddingId, photos.map((p) => ({ photoId: p.id, fileName: p.fileName })), alt);
  if (result.added.length) {
    await logActivity(deps.db, galleryId, {
      kind: 'portfolio',
      visitorId: null,
      email: null,
      detail: `fotografka přidala na web ${result.added.length} ${result.added.length === 1 ? 'fotografii' : result.added.length < 5 ? 'fotografie' : 'fotografií'}${consent.given === true ? '' : ' (bez souhlasu v galerii)'}`,
      bytes: null,
    });
  }
  return { ...result, consent };
}
