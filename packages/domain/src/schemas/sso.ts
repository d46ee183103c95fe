import { z } from 'zod';
import { messages } from '../messages.js';
import { NAME_ID_FORMAT, SSO_ATTRIBUTES, SSO_KEY } from '../rules/sso.js';
import { MAX_ID, pageOf, pageQuery, recordId, requiredText } from './common.js';

const m = messages.sso;

/** A service provider as its firm's administrators see it (the certificate's subject and end are read from it). */
export const serviceProvider = z.object({
  id: z.number().int(),
  firm: z.number().int(),
  key: z.string(),
  label: z.string(),
  entity_id: z.string(),
  acs_url: z.string(),
  certificate: z.string(),
  certificate_subject: z.string(),
  certificate_expires: z.string(),
  // Always 'persistent': kept on the wire for the clients that read it.
  name_id_format: z.literal(NAME_ID_FORMAT),
  attributes: z.array(z.enum(SSO_ATTRIBUTES)),
  relay_state: z.string(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type ServiceProvider = z.infer<typeof serviceProvider>;
export const serviceProviderPage = pageOf(serviceProvider);

/** One firm's service providers, for its administrators' setup screen (a super admin names the firm). */
export const serviceProviderListQuery = pageQuery.extend({
  firm: recordId,
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(['label', '-label', 'key', '-key', 'certificate_expires', '-certificate_expires']).default('label'),
});
export type ServiceProviderListQuery = z.infer<typeof serviceProviderListQuery>;

const PEM = /^-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;

/** A plain-http address to this machine only, where nothing on the network can read the assertion. */
const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?([/?#]|$)/i;

/** Judges only http: addresses (failing closed on odd spellings); anything else the URL check answers. */
const httpOnlyToLoopback = (url: string) => !/^http:/i.test(url) || LOOPBACK_HTTP.test(url);

/**
 * An address the browser posts the signed response to. It must be https: over plain http the assertion
 * (a bearer credential for the person) could be read or replayed by anyone on the path; http is allowed
 * only for a service provider on this machine (local testing).
 */
const acsUrl = requiredText(m.acsUrlRequired, 2000)
  .pipe(z.url({ protocol: /^https?$/, error: m.acsUrlInvalid }))
  .refine(httpOnlyToLoopback, m.acsUrlNotHttps);

export const serviceProviderUpdateBody = z.object({
  key: requiredText(m.keyRequired, 40).pipe(z.string().regex(SSO_KEY, m.keyInvalid)),
  label: requiredText(m.labelRequired, 100),
  entity_id: requiredText(m.entityIdRequired, 1000),
  acs_url: acsUrl,
  // The shape here; the server reads the certificate itself (a valid X.509, not expired).
  certificate: z
    .string({ error: m.certificateRequired })
    .trim()
    .min(1, { message: m.certificateRequired, abort: true })
    .max(20_000, { message: messages.validation.maxLength(20_000), abort: true })
    .regex(PEM, m.certificateInvalid),
  // No choice any more: a client that still sends the field may send only 'persistent'.
  name_id_format: z.literal(NAME_ID_FORMAT, { error: m.nameIdPersistentOnly }).optional(),
  attributes: z
    .array(z.enum(SSO_ATTRIBUTES, { error: m.attributeUnknown }))
    .max(SSO_ATTRIBUTES.length)
    .transform((list) => SSO_ATTRIBUTES.filter((a) => list.includes(a))),
  relay_state: z.string().trim().max(1000, messages.validation.maxLength(1000)).default(''),
  is_active: z.boolean().default(true),
});
export type ServiceProviderUpdateBody = z.infer<typeof serviceProviderUpdateBody>;

export const serviceProviderBody = serviceProviderUpdateBody.extend({
  // Within the database's ids: a larger number names no firm (and would overflow the query).
  firm: z.number({ error: m.chooseFirm }).int().positive(m.chooseFirm).max(MAX_ID, m.chooseFirm),
});
export type ServiceProviderBody = z.infer<typeof serviceProviderBody>;

/** `GET /api/sso/init/?sp={key}`: the service provider of the caller's own firm to sign in to. */
export const ssoInitQuery = z.object({ sp: z.string().max(100) });
