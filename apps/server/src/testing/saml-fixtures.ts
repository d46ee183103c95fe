/// <reference path="./samlify-xmllint-wasm.d.ts" />
import validator from '@authenio/samlify-xmllint-wasm';
import samlify from 'samlify';
import { generateSigningPair, type SigningPair } from '../platform/saml-keys.js';

let idp: SigningPair | undefined;

/** The test IdP's signing pair: made once per test process (2048 bits: tests need no more, and it is quicker). */
export function testSigningPair(): SigningPair {
  idp ??= generateSigningPair('Portal test IdP', new Date(), 1, 2048);
  return idp;
}

// The test service provider parses responses, which samlify validates against the SAML schemas first
// (xmllint compiled to WebAssembly: no Java, nothing outside npm).
samlify.setSchemaValidator(validator);

/** What a service provider read from a response it accepted. */
export interface AcceptedLogin {
  nameID: string;
  nameIDFormat: string | undefined;
  audience: string;
  destination: string;
  issuer: string;
  attributes: Record<string, unknown>;
}

/**
 * A SAML service provider built with samlify as a portfolio system would be: its own key pair, its
 * entity ID and ACS, trusting the portal through the portal's published metadata. samlify checks the
 * signatures, the issuer and the validity window (on the real clock); what it leaves to the provider, this
 * one does as a careful provider must: the response is for it (audience, destination, recipient) and it
 * is used once (it keeps the response and assertion ids it has accepted).
 */
export function testServiceProvider(entityId: string, acsUrl: string) {
  const pair = generateSigningPair(`Test SP ${entityId}`, new Date(), 1, 2048);
  const sp = samlify.ServiceProvider({
    entityID: entityId,
    signingCert: pair.cert,
    privateKey: pair.key,
    wantAssertionsSigned: true,
    wantMessageSigned: true,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: acsUrl }],
  });
  const seen = new Set<string>();
  return {
    entityId,
    acsUrl,
    certificate: pair.cert,
    /** Parses and verifies a posted SAMLResponse against the IdP's metadata; throws when it refuses it. */
    async accept(idpMetadataXml: string, samlResponse: string): Promise<AcceptedLogin> {
      const trusted = samlify.IdentityProvider({ metadata: idpMetadataXml });
      const { extract, samlContent } = await sp.parseLoginResponse(trusted, 'post', {
        body: { SAMLResponse: samlResponse },
      });
      const xml = String(samlContent);
      if (extract.audience !== entityId) throw new Error(`ERR_AUDIENCE: for ${extract.audience}`);
      if (extract.response?.destination !== acsUrl) throw new Error('ERR_DESTINATION');
      if (xml.match(/<saml:SubjectConfirmationData [^>]*Recipient="([^"]+)"/)?.[1] !== acsUrl)
        throw new Error('ERR_RECIPIENT');
      const ids = [String(extract.response?.id ?? ''), xml.match(/<saml:Assertion [^>]*ID="([^"]+)"/)?.[1] ?? ''];
      if (ids.some((id) => id === '' || seen.has(id))) throw new Error('ERR_REPLAYED');
      for (const id of ids) seen.add(id);
      return {
        nameID: String(extract.nameID),
        nameIDFormat: xml.match(/<saml:NameID Format="([^"]+)"/)?.[1],
        audience: String(extract.audience),
        destination: String(extract.response?.destination),
        issuer: String(extract.issuer),
        attributes: extract.attributes ?? {},
      };
    },
  };
}
