import { canManageFirmLinks, canOpenFirmLinks } from './firm-links.js';
import { type Actor, isStaff } from './permissions.js';

/**
 * Single sign-on to the portfolio systems (issue 12 §2): the portal is a SAML identity provider; each firm
 * configures the service providers its portfolio-system links sign in to.
 */

/** What the response's NameID carries: the email, an opaque id per service provider, or the user number. */
export const NAME_ID_FORMATS = ['email', 'persistent', 'unspecified'] as const;
export type NameIdFormat = (typeof NAME_ID_FORMATS)[number];

/** The SAML format URNs of the NameID formats. */
export const NAME_ID_FORMAT_URNS: Record<NameIdFormat, string> = {
  email: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
};

/** The person's fields a firm may send as SAML attributes; each attribute is named as listed here. */
export const SSO_ATTRIBUTES = ['email', 'first_name', 'last_name', 'firm', 'role'] as const;
export type SsoAttribute = (typeof SSO_ATTRIBUTES)[number];

/** A service provider's key: what the home link's `sp` names. */
export const SSO_KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The firm's portfolio systems are staff tools: only its staff are signed in to them. */
export const canUseSso = (a: Actor) => isStaff(a);

/** Kept by the same people as the links that use them: the firm's administrators, a super admin. */
export const canManageServiceProviders = canManageFirmLinks;

/** The setup screen's menu entry. */
export const canOpenServiceProviders = canOpenFirmLinks;

/**
 * Where a link signs in: the browser opens it in a new tab with the session cookie, and the page it gets
 * posts the signed response to the service provider.
 */
export const ssoInitPath = (key: string) => `/api/sso/init/?sp=${encodeURIComponent(key)}`;
