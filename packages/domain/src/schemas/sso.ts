import { z } from 'zod';
import { messages } from '../messages.js';
import { NAME_ID_FORMAT, SSO_ATTRIBUTES, SSO_KEY } from '../rules/sso.js';
import { MAX_ID, pageOf, pageQuery, recordId, requiredText } from './common.js';
import { defineFields, fieldsBody, orderingsOf, readSchema } from './field-table.js';

const m = messages.sso;

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

/**
 * A service provider as its firm's administrators see it and write it: the certificate's subject and
 * end are read from it by the server, which alone sets them.
 */
export const serviceProviderFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  firm: { column: 'firmId', read: z.number().int(), set: 'server' },
  key: {
    column: 'key',
    read: z.string(),
    write: requiredText(m.keyRequired, 40).pipe(z.string().regex(SSO_KEY, m.keyInvalid)),
    set: 'editor',
    sort: true,
  },
  label: { column: 'label', read: z.string(), write: requiredText(m.labelRequired, 100), set: 'editor', sort: true },
  entity_id: { column: 'entityId', read: z.string(), write: requiredText(m.entityIdRequired, 1000), set: 'editor' },
  acs_url: { column: 'acsUrl', read: z.string(), write: acsUrl, set: 'editor' },
  certificate: {
    column: 'certificate',
    read: z.string(),
    // The shape here; the server reads the certificate itself (a valid X.509, not expired).
    write: z
      .string({ error: m.certificateRequired })
      .trim()
      .min(1, { message: m.certificateRequired, abort: true })
      .max(20_000, { message: messages.validation.maxLength(20_000), abort: true })
      .regex(PEM, m.certificateInvalid),
    set: 'editor',
  },
  certificate_subject: { column: 'certificateSubject', read: z.string(), set: 'server' },
  certificate_expires: { column: 'certificateExpires', read: z.string(), set: 'server', sort: true },
  // Always 'persistent': kept on the wire for the clients that read it; no longer a choice.
  name_id_format: { column: 'nameIdFormat', read: z.literal(NAME_ID_FORMAT), set: 'server' },
  attributes: {
    column: 'attributes',
    read: z.array(z.enum(SSO_ATTRIBUTES)),
    write: z
      .array(z.enum(SSO_ATTRIBUTES, { error: m.attributeUnknown }))
      .max(SSO_ATTRIBUTES.length)
      .transform((list) => SSO_ATTRIBUTES.filter((a) => list.includes(a))),
    set: 'editor',
  },
  relay_state: {
    column: 'relayState',
    read: z.string(),
    write: z.string().trim().max(1000, messages.validation.maxLength(1000)).default(''),
    set: 'editor',
  },
  is_active: { column: 'isActive', read: z.boolean(), write: z.boolean().default(true), set: 'editor' },
  updated_at: { column: 'updatedAt', read: z.string(), set: 'server' },
});

export const serviceProvider = readSchema(serviceProviderFields);
export type ServiceProvider = z.infer<typeof serviceProvider>;
export const serviceProviderPage = pageOf(serviceProvider);

/** One firm's service providers, for its administrators' setup screen (a super admin names the firm). */
export const serviceProviderListQuery = pageQuery.extend({
  firm: recordId,
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(orderingsOf(serviceProviderFields, ['label', 'key', 'certificate_expires'])).default('label'),
});
export type ServiceProviderListQuery = z.infer<typeof serviceProviderListQuery>;

const { key, label, entity_id, acs_url, certificate, attributes, relay_state, is_active } =
  fieldsBody(serviceProviderFields).shape;
/** What the setup form sends; a client that still sends `name_id_format` may send only 'persistent'. */
export const serviceProviderUpdateBody = z.object({
  key,
  label,
  entity_id,
  acs_url,
  certificate,
  name_id_format: z.literal(NAME_ID_FORMAT, { error: m.nameIdPersistentOnly }).optional(),
  attributes,
  relay_state,
  is_active,
});
export type ServiceProviderUpdateBody = z.infer<typeof serviceProviderUpdateBody>;

export const serviceProviderBody = serviceProviderUpdateBody.extend({
  // Within the database's ids: a larger number names no firm (and would overflow the query).
  firm: z.number({ error: m.chooseFirm }).int().positive(m.chooseFirm).max(MAX_ID, m.chooseFirm),
});
export type ServiceProviderBody = z.infer<typeof serviceProviderBody>;

/** `GET /api/sso/init/?sp={key}`: the service provider of the caller's own firm to sign in to. */
export const ssoInitQuery = z.object({ sp: z.string().max(100) });
