/** Ports shared by the global setup (which starts the services) and the tests (which use them). */
export const APP_PORT = 3210;
export const SMTP_PORT = 3211;
export const MAILBOX_PORT = 3212;
export const PG_PORT = 3213;
export const DATABASE_URL = `postgresql://portal:portal@127.0.0.1:${PG_PORT}/portal_e2e`;
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
