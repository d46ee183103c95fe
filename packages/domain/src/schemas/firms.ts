import { z } from 'zod';
import { messages } from '../messages.js';
import { optionalText, pageQuery, text } from './common.js';

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'Enter a valid URL starting with http:// or https://.')
  .optional()
  .nullable();

export const firmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  firm_tk: z.number().int().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  form_adv_url: z.string().nullable(),
  form_crs_url: z.string().nullable(),
  /** Where the navigation bar loads the firm's logo from; null when none was uploaded. */
  logo_url: z.string().nullable(),
});
export type Firm = z.infer<typeof firmSchema>;

/** Read-only fields (id, logo_url) echoed back by a client are accepted and ignored. */
export const firmBody = z.looseObject({
  name: text(200).min(1, messages.firms.nameRequired),
  abbreviation: optionalText(20),
  firm_tk: z.number().int().min(0).max(2_147_483_647).optional().nullable(),
  street: optionalText(),
  city: optionalText(),
  state: optionalText(),
  zip_code: optionalText(20),
  form_adv_url: url,
  form_crs_url: url,
});
export type FirmBody = z.infer<typeof firmBody>;

export const firmListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: z
    .enum([
      'name',
      '-name',
      'abbreviation',
      '-abbreviation',
      'city',
      '-city',
      'state',
      '-state',
      'zip_code',
      '-zip_code',
      'street',
      '-street',
    ])
    .default('name'),
});
export type FirmListQuery = z.infer<typeof firmListQuery>;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
