import { createHmac, randomUUID } from 'node:crypto';
import { NAME_ID_FORMAT_URN, SSO_ATTRIBUTES, type SsoAttribute } from '@portal/domain';
import samlify from 'samlify';
import type { SsoConfig } from '../../config.js';
import type { SigningPair } from '../../platform/saml-keys.js';

/**
 * The portal as a SAML 2.0 identity provider (samlify): its metadata, and a signed login response for a
 * service provider that did not ask (IdP-initiated: no AuthnRequest, so no InResponseTo).
 */

/** The service provider as configured by its firm: what samlify needs to address and sign for it. */
export interface SpSettings {
  entityId: string;
  acsUrl: string;
  certificate: string;
  nameIdSecret: string;
}

/**
 * The signed-in person, as the response describes them: their id (the NameID is made from it) and the
 * attributes this sign-on sends, already chosen (`attributesSent`), each with its value.
 */
export interface SamlSubject {
  id: number;
  attributes: Partial<Record<SsoAttribute, string>>;
}

/** How long a response may be used: the SP must receive it right away (SAML 2.0 profiles, section 4.1.4.2). */
const VALID_MS = 5 * 60_000;
const BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';

export const idpEntityId = (publicUrl: string) => `${publicUrl}/api/sso/metadata/`;

interface Idp {
  pair: SigningPair;
  signer: ReturnType<typeof samlify.IdentityProvider>;
  metadata: string;
}
/** Built once per configuration (the signing pair is read on first use). */
const built = new WeakMap<SsoConfig, Idp>();

/**
 * samlify warns on the console for each IdP built without a logout endpoint; the portal offers no single
 * logout (a service provider keeps its own session), so that warning says nothing.
 */
function withoutLogoutWarning<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('SingleLogoutService')) warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

/**
 * The IdP that signs with the current pair, and its metadata. The metadata publishes the next
 * certificate too, when one is set, so service providers trust it before the portal switches to it.
 */
function idpOf(sso: SsoConfig, publicUrl: string): Idp | null {
  const pair = sso.signing();
  if (!pair) return null;
  const cached = built.get(sso);
  if (cached?.pair === pair) return cached;
  const common = {
    entityID: idpEntityId(publicUrl),
    nameIDFormat: [NAME_ID_FORMAT_URN],
    // The schema requires one; the portal starts sign-ons itself (IdP-initiated) from this address.
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: `${publicUrl}/api/sso/init/` },
    ],
    generateID: () => `_${randomUUID()}`,
  };
  const idp = withoutLogoutWarning(() => ({
    pair,
    signer: samlify.IdentityProvider({ ...common, privateKey: pair.key, signingCert: pair.cert }),
    metadata: samlify
      .IdentityProvider({ ...common, signingCert: sso.nextCert ? [pair.cert, sso.nextCert] : pair.cert })
      .getMetadata(),
  }));
  built.set(sso, idp);
  return idp;
}

/** The IdP's metadata XML, or null when single sign-on is off. */
export const idpMetadata = (sso: SsoConfig, publicUrl: string) => idpOf(sso, publicUrl)?.metadata ?? null;

/**
 * The person's persistent NameID at this service provider: an HMAC of their user id under the provider's
 * own secret. Pairwise and opaque (another id at each provider, nothing a provider can turn back into the
 * person or match with another provider's), and the same at each sign-on whatever else of the account
 * changes, its email included.
 */
export const nameIdOf = (sp: Pick<SpSettings, 'nameIdSecret'>, subject: Pick<SamlSubject, 'id'>) =>
  createHmac('sha256', sp.nameIdSecret).update(String(subject.id)).digest('base64url');

/** The AttributeStatement's template: each value a `{attr_…}` tag that samlify fills in escaped. */
function attributeStatement(subject: SamlSubject) {
  const chosen = SSO_ATTRIBUTES.filter((a) => subject.attributes[a] !== undefined);
  if (chosen.length === 0) return '';
  const each = chosen.map(
    (a) =>
      `<saml:Attribute Name="${a}" NameFormat="${BASIC}"><saml:AttributeValue xsi:type="xs:string">{attr_${a}}</saml:AttributeValue></saml:Attribute>`,
  );
  return `<saml:AttributeStatement>${each.join('')}</saml:AttributeStatement>`;
}

const AUTHN_STATEMENT =
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>';

/**
 * A login response for `subject`, signed twice (the assertion and the whole response), base64 for the
 * HTTP-POST binding; null when single sign-on is off.
 */
export async function signedLoginResponse(
  sso: SsoConfig,
  publicUrl: string,
  sp: SpSettings,
  subject: SamlSubject,
  now: Date,
): Promise<{ samlResponse: string; responseId: string } | null> {
  const idp = idpOf(sso, publicUrl);
  if (!idp) return null;
  const target = samlify.ServiceProvider({
    entityID: sp.entityId,
    signingCert: sp.certificate,
    wantAssertionsSigned: true,
    wantMessageSigned: true,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: sp.acsUrl }],
  });
  const issued = now.toISOString();
  const until = new Date(now.getTime() + VALID_MS).toISOString();
  const id = `_${randomUUID()}`;
  const values: Record<string, string | null> = {
    ID: id,
    AssertionID: `_${randomUUID()}`,
    Destination: sp.acsUrl,
    Audience: sp.entityId,
    SubjectRecipient: sp.acsUrl,
    Issuer: idpEntityId(publicUrl),
    IssueInstant: issued,
    StatusCode: samlify.Constants.StatusCode.Success,
    ConditionsNotBefore: issued,
    ConditionsNotOnOrAfter: until,
    SubjectConfirmationDataNotOnOrAfter: until,
    NameIDFormat: NAME_ID_FORMAT_URN,
    NameID: nameIdOf(sp, subject),
    // Unsolicited: samlify drops an attribute whose value is null.
    InResponseTo: null,
  };
  for (const a of SSO_ATTRIBUTES) values[`attr_${a}`] = subject.attributes[a] ?? null;
  const response = await idp.signer.createLoginResponse(
    target,
    null as never,
    'post',
    // samlify's default NameID is this user's email: the template below replaces the whole response.
    {},
    {
      customTagReplacement: (template: string) => {
        const filled = template
          .replace('{AuthnStatement}', AUTHN_STATEMENT)
          .replace('{AttributeStatement}', attributeStatement(subject));
        return { id, context: samlify.SamlLib.replaceTagsByValue(filled, values) };
      },
    },
  );
  return { samlResponse: response.context, responseId: id };
}
