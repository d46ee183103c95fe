/**
 * Ports shared by the global setup (which starts the services) and the tests (which use them).
 * `E2E_PORT_BASE` moves all four, so two runs on one machine do not collide.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3210);
export const APP_PORT = base;
export const SMTP_PORT = base + 1;
export const MAILBOX_PORT = base + 2;
export const PG_PORT = base + 3;
/** The test SAML service provider that the single sign-on journey starts. */
export const SSO_SP_PORT = base + 5;
export const DATABASE_URL = `postgresql://portal:portal@127.0.0.1:${PG_PORT}/portal_e2e`;
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
