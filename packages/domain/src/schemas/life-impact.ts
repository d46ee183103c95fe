import { z } from 'zod';
import { messages } from '../messages.js';

/** The most HTML a page may hold: pages of stories with formatting, not a photo album. */
export const MAX_PAGE_HTML = 200_000;

/** The firm's Life Impact page (`GET /api/pages/life-impact/`): sanitized HTML, empty when unwritten. */
export const lifeImpactPageSchema = z.object({
  content: z.string(),
  updated_at: z.string().nullable(),
});
export type LifeImpactPage = z.infer<typeof lifeImpactPageSchema>;

/** `PUT /api/pages/life-impact/`: the editor's HTML; the server keeps only what its allow-list permits. */
export const lifeImpactPageBody = z.object({
  content: z.string({ error: messages.http.required }).max(MAX_PAGE_HTML, messages.lifeImpact.tooLong(MAX_PAGE_HTML)),
});
export type LifeImpactPageBody = z.infer<typeof lifeImpactPageBody>;
