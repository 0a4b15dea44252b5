import { z } from 'zod';
import { readContentJson, readRawContentJson } from './files';
import { linkSchema, metaSchema, text } from './text';
import { fillPlaceholders } from './text-placeholders';

/**
 * An image named in a content file or in her settings: a generated placeholder (`placeholder: seed`), a photograph
 * put under public/images/ (`src: /images/…`), or a photo she uploaded through the studio's photo pipeline
 * (`photo: id`, served as /api/photos/{id}/{w}). The photo form comes first: a saved `{photo}` merged over a file's
 * `{placeholder}` carries both keys, and the photo wins.
 */
const size = { width: z.number().int().min(16).max(12000), height: z.number().int().min(16).max(12000) };
export const PHOTO_ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const contentImageSchema = z.union([
  z.object({ photo: z.string().regex(PHOTO_ID_RE, { message: 'Neplatné číslo fotografie' }), ...size }),
  z.object({ placeholder: z.string().regex(/^[a-z0-9-]{1,80}$/), ...size }),
  z.object({ src: z.string().regex(/^\/images\/[A-Za-z0-9._\-/]+\.(?:jpe?g|png|webp|avif)$/), ...size }),
]);
export type ContentImage = z.infer<typeof contentImageSchema>;

const section = { eyebrow: text(), heading: text() };

/** content/home.json: the home page's texts and its two photos (hero, portrait); her saved `home` settings over it. */
export const homeSchema = z.object({
  meta: metaSchema,
  hero: z.object({ eyebrow: text(), heading: text(), cta: text(), secondaryCta: linkSchema, imageAlt: text(), image: contentImageSchema }),
  favourites: z.object({ ...section, linkLabel: text() }),
  about: z.object({ ...section, paragraphs: z.array(text()).min(1, { message: 'Aspoň jeden odstavec' }), portraitAlt: text(), portrait: contentImageSchema, link: linkSchema }),
  /** The quotes themselves live in content/testimonials.json. */
  testimonials: z.object({ heading: text() }),
  pricing: z.object({ ...section, text: text(), fromLabel: text(), link: linkSchema }),
  contact: z.object({ ...section, text: text(), cta: text(), secondary: linkSchema }),
  /**
   * Her own words for the about page (/omne), over content/pages/static/omne.md: its heading, lead and Markdown
   * body; absent (the shipped file has none) or any part left out: the file's.
   */
  aboutPage: z
    .object({
      heading: text().optional(),
      lead: text().optional(),
      /** The figures beside the text („2015 – fotím svatby od roku“); an empty list shows none. */
      facts: z.array(z.object({ value: text(), label: text() })).max(6, { message: 'Nejvýše 6 údajů' }).optional(),
      body: z
        .string()
        .trim()
        .min(1, { message: 'Text stránky nesmí být prázdný' })
        .max(20_000, { message: 'Text stránky smí mít nejvýše 20\u00a0000 znaků' })
        .superRefine((s, ctx) => {
          // The page fills the placeholders when it renders: an unknown one is refused now, not a broken page later.
          try {
            fillPlaceholders(s);
          } catch (err) {
            ctx.addIssue({ code: 'custom', message: `Neznámá značka v textu: ${err instanceof Error ? err.message.replace(/^Unknown (?:placeholder|section) (.*) in content$/, '$1') : ''}` });
          }
        })
        .optional(),
    })
    .optional(),
});
export type HomeContent = z.infer<typeof homeSchema>;

export function getHomeContent(): HomeContent {
  return readContentJson('home.json', homeSchema);
}

/** The ids of the studio photos the site's own pages show (hero, portrait): they are public while named here. */
export function sitePhotoIds(): string[] {
  const home = getHomeContent();
  return [home.hero.image, home.about.portrait].flatMap((img) => ('photo' in img ? [img.photo] : []));
}

/** The hero photo and the portrait as content/home.json ships them (what shows when her own are unavailable). */
export function shippedHomeImages(): { hero: ContentImage; portrait: ContentImage } {
  const raw = homeSchema.pick({ hero: true, about: true }).safeParse(readRawContentJson('home.json'));
  if (!raw.success) throw new Error(`Content file home.json is invalid: ${raw.error.message}`);
  return { hero: raw.data.hero.image, portrait: raw.data.about.portrait };
}
