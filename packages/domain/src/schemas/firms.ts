import { z } from 'zod';
import { messages } from '../messages.js';
import { MAX_IDLE_TIMEOUT_MINUTES, MIN_IDLE_TIMEOUT_MINUTES } from '../rules/sessions.js';
import { TWO_FACTOR_POLICIES } from '../rules/two-factor.js';
import { MAX_ID, pageQuery, text } from './common.js';
import { defineFields, orderingsOf, readSchema, textField, writeSchema } from './field-table.js';

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), messages.validation.url)
  .optional()
  .nullable();

const nullableText = z.string().nullable();
const MAX_GRACE_DAYS = 90;

/** A firm, with the links to its Form ADV and Form CRS and its logo. */
export const firmFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  name: {
    column: 'name',
    read: z.string(),
    write: text(200).min(1, messages.firms.nameRequired),
    set: 'editor',
    sort: true,
  },
  abbreviation: { column: 'abbreviation', ...textField(20), sort: true },
  firm_tk: {
    column: 'firmTk',
    read: z.number().int().nullable(),
    write: z.number().int().min(0).max(MAX_ID).optional().nullable(),
    set: 'editor',
  },
  street: { column: 'street', ...textField(), sort: true },
  city: { column: 'city', ...textField(), sort: true },
  state: { column: 'state', ...textField(), sort: true },
  zip_code: { column: 'zipCode', ...textField(20), sort: true },
  form_adv_url: { column: 'formAdvUrl', read: nullableText, write: url, set: 'editor' },
  form_crs_url: { column: 'formCrsUrl', read: nullableText, write: url, set: 'editor' },
  /**
   * The firm's compliance policy: the days after a quarter opens within which last quarter's
   * attestation is on time (15 by default; Rule 204A-1 allows up to 30).
   */
  attestation_grace_days: {
    column: 'attestationGraceDays',
    read: z.number().int(),
    write: z
      .number({ error: messages.firms.graceDays })
      .int(messages.firms.graceDays)
      .min(0, messages.firms.graceDays)
      .max(MAX_GRACE_DAYS, messages.firms.graceDays)
      .optional(),
    set: 'editor',
  },
  /**
   * Who must sign in with a second factor (rules/two-factor.ts): `required` by default; `demo` lets
   * the demo accounts in with the password alone. Only super administrators edit firms.
   */
  two_factor_policy: {
    column: 'twoFactorPolicy',
    read: z.enum(TWO_FACTOR_POLICIES),
    write: z.enum(TWO_FACTOR_POLICIES, { error: messages.validation.oneOf([...TWO_FACTOR_POLICIES]) }).optional(),
    set: 'editor',
  },
  /** Minutes a signed-in session may go unused before it ends (30 by default). */
  idle_timeout_minutes: {
    column: 'idleTimeoutMinutes',
    read: z.number().int(),
    write: z
      .number({ error: messages.firms.idleTimeout })
      .int(messages.firms.idleTimeout)
      .min(MIN_IDLE_TIMEOUT_MINUTES, messages.firms.idleTimeout)
      .max(MAX_IDLE_TIMEOUT_MINUTES, messages.firms.idleTimeout)
      .optional(),
    set: 'editor',
  },
  /** Where the navigation bar loads the firm's logo from; null when none was uploaded. */
  logo_url: { column: 'logoContentType', read: nullableText, set: 'server' },
});

export const firmSchema = readSchema(firmFields);
export type Firm = z.infer<typeof firmSchema>;

/** Read-only fields (id, logo_url) echoed back by a client are accepted when unchanged. */
export const firmBody = writeSchema(firmFields);
export type FirmBody = z.infer<typeof firmBody>;

export const firmListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(orderingsOf(firmFields)).default('name'),
});
export type FirmListQuery = z.infer<typeof firmListQuery>;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
