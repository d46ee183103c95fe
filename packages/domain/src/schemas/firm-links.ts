import { z } from 'zod';
import { messages } from '../messages.js';
import { FIRM_LINK_KINDS } from '../rules/firm-links.js';
import { pageOf, pageQuery, recordId, text } from './common.js';

const m = messages.firmLinks;

export const firmLink = z.object({
  id: z.number().int(),
  firm: z.number().int(),
  kind: z.enum(FIRM_LINK_KINDS),
  label: z.string(),
  url: z.string(),
  updated_at: z.string(),
});
export type FirmLink = z.infer<typeof firmLink>;
export const firmLinkPage = pageOf(firmLink);

/**
 * Without `firm`: the links of the caller's own firm that their menus show (a client's financial
 * planning, the staff's portfolio systems and help portal). With `firm`: every link of that firm, for
 * its administrators' setup screen.
 */
export const firmLinkListQuery = pageQuery.extend({
  firm: recordId.optional(),
  kind: z.enum(FIRM_LINK_KINDS).optional(),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(['kind', '-kind', 'label', '-label']).default('kind'),
});
export type FirmLinkListQuery = z.infer<typeof firmLinkListQuery>;

/** http(s) only: a `javascript:` or `data:` address in a menu would run in the portal's own page. */
const webUrl = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(2000, messages.validation.maxLength(2000))
  .pipe(z.url({ protocol: /^https?$/, error: m.urlInvalid }));

export const firmLinkBody = z.object({
  firm: z.number({ error: m.chooseFirm }).int().positive(m.chooseFirm),
  kind: z.enum(FIRM_LINK_KINDS, { error: m.chooseKind }),
  label: text(100).pipe(z.string().min(1, m.labelRequired)),
  url: webUrl,
});
export type FirmLinkBody = z.infer<typeof firmLinkBody>;

/** A change keeps the link's firm. */
export const firmLinkUpdateBody = firmLinkBody.omit({ firm: true });
export type FirmLinkUpdateBody = z.infer<typeof firmLinkUpdateBody>;
