import { z } from 'zod';
import { messages } from '../messages.js';
import { FIRM_LINK_KINDS } from '../rules/firm-links.js';
import { MAX_ID, pageOf, pageQuery, recordId, text } from './common.js';
import { defineFields, fieldsBody, orderingsOf, readSchema } from './field-table.js';

const m = messages.firmLinks;

/** http(s) only: a `javascript:` or `data:` address in a menu would run in the portal's own page. */
const webUrl = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(2000, messages.validation.maxLength(2000))
  .pipe(z.url({ protocol: /^https?$/, error: m.urlInvalid }));

/** A link of a firm's menus (a client's financial planning, the staff's portfolio systems and help portal). */
export const firmLinkFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  firm: { column: 'firmId', read: z.number().int(), set: 'server' },
  kind: {
    column: 'kind',
    read: z.enum(FIRM_LINK_KINDS),
    write: z.enum(FIRM_LINK_KINDS, { error: m.chooseKind }),
    set: 'editor',
    sort: true,
  },
  label: {
    column: 'label',
    read: z.string(),
    write: text(100).pipe(z.string().min(1, m.labelRequired)),
    set: 'editor',
    sort: true,
  },
  url: { column: 'url', read: z.string(), write: webUrl, set: 'editor' },
  /** The key of the firm's service provider a portfolio-system link signs in through, or null. */
  service_provider: {
    column: 'serviceProviderKey',
    read: z.string().nullable(),
    write: z
      .string()
      .trim()
      .max(40)
      .nullable()
      .optional()
      .transform((v) => v || null),
    set: 'editor',
  },
  updated_at: { column: 'updatedAt', read: z.string(), set: 'server' },
});

export const firmLink = readSchema(firmLinkFields);
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
  ordering: z.enum(orderingsOf(firmLinkFields)).default('kind'),
});
export type FirmLinkListQuery = z.infer<typeof firmLinkListQuery>;

const linkFields = fieldsBody(firmLinkFields);

/** Single sign-on is for the staff's portfolio systems: a link of another kind opens its URL. */
const ssoOnPortfolio = (link: { kind: string; service_provider: string | null }, ctx: z.RefinementCtx) => {
  if (link.service_provider !== null && link.kind !== 'portfolio')
    ctx.addIssue({ code: 'custom', path: ['service_provider'], message: messages.sso.linkPortfolioOnly });
};

export const firmLinkBody = linkFields
  // Within the database's ids: a larger number names no firm (and overflowed the query: a 500).
  .extend({ firm: z.number({ error: m.chooseFirm }).int().positive(m.chooseFirm).max(MAX_ID, m.chooseFirm) })
  .superRefine(ssoOnPortfolio);
export type FirmLinkBody = z.infer<typeof firmLinkBody>;

/** A change keeps the link's firm. */
export const firmLinkUpdateBody = linkFields.superRefine(ssoOnPortfolio);
export type FirmLinkUpdateBody = z.infer<typeof firmLinkUpdateBody>;
