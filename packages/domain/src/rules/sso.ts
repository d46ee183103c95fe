import { canManageFirmLinks, canOpenFirmLinks } from './firm-links.js';
import { type Actor, isStaff } from './permissions.js';

/**
 * Single sign-on to the portfolio systems: the portal is a SAML identity provider; each firm configures
 * the service providers its portfolio-system links sign in to.
 */

/**
 * The one NameID format: an opaque id of the person for one service provider, the same at each sign-on.
 * Never the email: an address can change hands, and a provider that keys its accounts on it would sign
 * in whoever holds it.
 */
export const NAME_ID_FORMAT = 'persistent' as const;
export type NameIdFormat = typeof NAME_ID_FORMAT;

/** The SAML URN of that format, as a provider's configuration asks for it. */
export const NAME_ID_FORMAT_URN = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

/** The person's fields a firm may send as SAML attributes; each attribute is named as listed here. */
export const SSO_ATTRIBUTES = ['email', 'first_name', 'last_name', 'firm', 'role'] as const;
export type SsoAttribute = (typeof SSO_ATTRIBUTES)[number];

/**
 * The attributes one sign-on sends: those the provider chose, the email only once the person has proven
 * they receive mail there (a provider may link accounts by it, so an unproven address must not reach it).
 */
export const attributesSent = (chosen: readonly string[], emailVerified: boolean): SsoAttribute[] =>
  SSO_ATTRIBUTES.filter((a) => chosen.includes(a) && (a !== 'email' || emailVerified));

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
