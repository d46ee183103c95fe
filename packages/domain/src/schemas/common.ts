import { z } from 'zod';
import { messages } from '../messages.js';
// Here, not in index.ts: a bundler that follows a re-export straight to the schema skips the index's
// own imports (the package is side-effect free but for this file), so every schema imports common.
import './zod-messages.js';

export const errorResponse = z.object({
  detail: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A reason a client acts on, where it needs one (`session_idle`: the web says why it signed out). */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ detail: z.string() });

/** A whole number in a query string, in plain decimal digits (`0x10` and `1e3` are refused). */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?[0-9]{1,10}$/, messages.validation.wholeNumber)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const pageQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 500).default(50),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** A line break of any kind: CR, LF, NEL and Unicode's line and paragraph separators. */
export const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/**
 * Free text typed in a textarea (notes, a reason): trimmed, bounded so a 10 MB string is a 400, not a
 * slow insert. Its line breaks are kept; whatever shows it (a mail) lays them out itself.
 */
export const multilineText = (max = 255) => z.string().trim().max(max, messages.validation.maxLength(max));
export const optionalMultilineText = (max = 255) => multilineText(max).optional().nullable();

/**
 * Free text typed in a one-line input (a name, an account, an address line): as `multilineText`, and
 * without a line break, which would otherwise reach a mail's subject or its lines (`Bcc:` headers).
 */
export const text = (max = 255) => multilineText(max).refine((v) => !LINE_BREAK.test(v), messages.validation.oneLine);
export const optionalText = (max = 255) => text(max).optional().nullable();

export const email = z
  .string()
  .trim()
  .max(254, messages.validation.maxLength(254))
  .pipe(z.email(messages.validation.email));

/** An email address a form may leave empty. */
export const optionalEmail = z
  .string()
  .trim()
  .max(254, messages.validation.maxLength(254))
  .pipe(z.union([z.literal(''), z.email(messages.validation.email)]))
  .optional()
  .nullable();

/** The largest id a Postgres `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id as it appears in a path or a query: plain decimal digits within 1..MAX_ID. `0x1`, `1e3`,
 * ` 1`, `-1` and 2147483648 are not ids (a path with one is a 404, a query a 400), never a database error.
 */
export const recordId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, messages.validation.id)
  .transform(Number)
  .refine((n) => n <= MAX_ID, messages.validation.id);

export const idParam = z.object({ id: recordId });

/** Text a form requires: trimmed, bounded, and `message` (the field's own 'Enter …') when missing or blank. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, messages.validation.maxLength(max))
    .refine((v) => !LINE_BREAK.test(v), messages.validation.oneLine);

/** The largest whole part numeric(14,2) holds: 12 digits. */
const MONEY_WHOLE_DIGITS = 12;

/**
 * Money for a numeric(14,2) column, as a JSON number or a decimal string ('12.5', '250.00'): at most
 * 2 decimals, no sign, no exponent, no thousands separator; positive unless `allowZero`. It is judged
 * as text (so 0.1 + 0.2 is not an amount) and answered as a number: at most 14 significant digits,
 * which a double holds exactly as written, so the column gets the amount typed and an echoed answer
 * compares equal to the stored one.
 */
export const money = (required: string, opts: { allowZero?: boolean } = {}) =>
  z
    .union([z.number(), z.string().trim()], { error: required })
    .transform(String)
    .refine((v) => v !== '', { message: required, abort: true })
    .refine((v) => !v.startsWith('-'), {
      message: opts.allowZero ? messages.validation.moneyNotNegative : messages.validation.moneyPositive,
      abort: true,
    })
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), { message: messages.validation.moneyFormat, abort: true })
    .refine((v) => v.split('.')[0].replace(/^0+(?=\d)/, '').length <= MONEY_WHOLE_DIGITS, {
      message: messages.validation.moneyTooLarge,
      abort: true,
    })
    .refine((v) => opts.allowZero || Number(v) > 0, messages.validation.moneyPositive)
    .transform(Number);

/** Money a form may leave empty (absent, null or blank: none). */
export const optionalMoney = (opts: { allowZero?: boolean } = {}) =>
  z
    .union([z.number(), z.string().trim()], { error: messages.validation.moneyFormat })
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .pipe(money(messages.validation.moneyFormat, opts).nullable().optional());

/**
 * The id of a record chosen in a dropdown (a fee schedule, a model, a client): a JSON number or the
 * Select's string of digits, within 1..MAX_ID. `required` when absent or blank, `invalid` otherwise;
 * whether the record exists and may be chosen is the server's check.
 */
export const recordRef = (required: string, invalid: string = messages.validation.id) =>
  z
    .union([z.number(), z.string().trim()], { error: required })
    .refine((v) => v !== '', { message: required, abort: true })
    // Digits only: Number() would also read '0x10' and '1e3'.
    .transform((v) => (typeof v === 'number' || /^[0-9]{1,10}$/.test(v) ? Number(v) : Number.NaN))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ID, invalid);
