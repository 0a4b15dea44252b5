import { z } from 'zod';
import { readContentJson } from './files';
import { metaSchema, slugId, text } from './text';

export const faqQuestionSchema = z.object({
  id: slugId(),
  question: text(),
  /** Paragraphs of plain text. */
  answer: z.array(text()).min(1),
});
export type FaqQuestion = z.infer<typeof faqQuestionSchema>;

export const faqSchema = z.object({
  meta: metaSchema,
  eyebrow: text(),
  heading: text(),
  lead: text(),
  groups: z
    .array(z.object({ id: slugId(), title: text(), questions: z.array(faqQuestionSchema).min(1) }))
    .min(1)
    .refine((groups) => {
      const ids = groups.flatMap((g) => [g.id, ...g.questions.map((q) => q.id)]);
      return new Set(ids).size === ids.length;
    }, 'FAQ group and question ids must be unique (they are anchors on the page)'),
});
export type Faq = z.infer<typeof faqSchema>;

export function getFaq(): Faq {
  return readContentJson('faq.json', faqSchema);
}

export function allFaqQuestions(faq: Faq): FaqQuestion[] {
  return faq.groups.flatMap((g) => g.questions);
}
