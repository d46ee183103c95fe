import { z } from 'zod';
import { messages } from '../messages.js';
import { defineFields, fieldsBody, readSchema } from './field-table.js';

/** The most HTML a page may hold: pages of stories with formatting, not a photo album. */
export const MAX_PAGE_HTML = 200_000;

/**
 * A firm's page (`GET /api/pages/life-impact/`): sanitized HTML, empty when unwritten. The editor's HTML
 * is kept only as far as the server's allow-list permits.
 */
export const firmPageFields = defineFields({
  content: {
    column: 'content',
    read: z.string(),
    write: z.string({ error: messages.http.required }).max(MAX_PAGE_HTML, messages.lifeImpact.tooLong(MAX_PAGE_HTML)),
    set: 'editor',
  },
  updated_at: { column: 'updatedAt', read: z.string().nullable(), set: 'server' },
});

export const lifeImpactPageSchema = readSchema(firmPageFields);
export type LifeImpactPage = z.infer<typeof lifeImpactPageSchema>;

/** `PUT /api/pages/life-impact/`: the editor's HTML. */
export const lifeImpactPageBody = fieldsBody(firmPageFields);
export type LifeImpactPageBody = z.infer<typeof lifeImpactPageBody>;
