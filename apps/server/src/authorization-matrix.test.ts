import { type AuditEntity, attestationPeriodOn, calendarDateIn, ProfileType } from '@portal/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attestationReminders, auditEvents, calendarEvents, mfaFactors } from './db/schema/index.js';
import { issueOneTimeToken } from './modules/auth/one-time-tokens.repository.js';
import { writeAudited } from './platform/audit.js';
import { solvedCaptcha } from './testing/captcha.js';
import { pdfOf } from './testing/disclosure-fixtures.js';
import {
  addToRoster,
  createAttestation,
  createFirm,
  createUser,
  fixtureTx,
  TEST_PASSWORD,
} from './testing/factories.js';
import { multipartOf } from './testing/multipart.js';
import { agreementBody, investorProfileAnswers } from './testing/onboarding-fixtures.js';
import { testSigningPair } from './testing/saml-fixtures.js';
import { buildTestApp, json, type TestApp } from './testing/test-app.js';
import { statementPdf, uploadDocument } from './testing/vault-fixtures.js';

/**
 * Every API route × every kind of caller × a target in the caller's firm, in another firm, and the
 * caller themself → the status the caller gets, through the bearer token and through the session
 * cookie with its CSRF header. A route missing from the matrix fails the suite, so a new route cannot
 * ship without its authorization decided here; a successful write that left no audit event fails too.
 */
const SIGNED_IN = [
  'superAdmin',
  'firmAdmin',
  'advisor',
  'staff',
  'client',
  'cco',
  'superCco',
  'investments',
  'manager',
  'handler',
] as const;
type Role = (typeof SIGNED_IN)[number];
type Caller = Role | 'signedOut';
type Target = 'own' | 'other' | 'self';
type Via = 'bearer' | 'cookie';
type Expect = Record<Role, number>;
interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** A fresh session of the caller, for a route that ends the one it is called with. */
  freshSession?: boolean;
}
interface Case {
  build(target: Target, role: Caller): Promise<Req> | Req;
  own: Expect;
  other?: Expect;
  self?: Expect;
}

/** The staff roles that hold no user-management right behave as a standard user does on these routes. */
const all = (status: number): Expect => Object.fromEntries(SIGNED_IN.map((r) => [r, status])) as Expect;
const onlySuper = (ok: number, others: number): Expect => ({ ...all(others), superAdmin: ok });
/** Users: super admin and firm admin manage, an advisor manages their clients, anyone else nothing. */
const managers = (ok: number, others: number): Expect => ({
  ...all(others),
  superAdmin: ok,
  firmAdmin: ok,
  advisor: ok,
});
/** Compliance: a CCO reaches their firm's records, a super CCO every firm's; clients none of it. */
const staffAll = (status: number): Expect => ({ ...all(status), client: 403 });
const ccos = (ok: number, others: number): Expect => ({ ...all(others), cco: ok, superCco: ok, client: 403 });
const superCcoOnly = (ok: number, others: number, cco: number): Expect => ({
  ...all(others),
  superCco: ok,
  cco,
  client: 403,
});
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const MATRIX_PDF = pdfOf('matrix');

let t: TestApp;
const firms: Record<'own' | 'other', { id: number }> = {} as never;
const sessions = {} as Record<Role, Record<Via, Record<string, string>>>;
const ids = {} as Record<Role | 'staffColleague' | 'otherStaff', number>;
/** Each staff role's own attestation, and its entry on the roster. */
const ownAttestation = {} as Record<Role, number>;
const rosterEntry = {} as Record<Role | 'staffColleague' | 'otherStaff', number>;
const emails = {} as Record<Role, string>;

let signIns = 0;
async function signIn(email: string): Promise<Record<Via, Record<string, string>>> {
  // Each from an address of its own, and with the captcha when the account's failures (the wrong current
  // passwords tried below) ask for it: the matrix is about authorization, not the sign-in throttle.
  const remoteAddress = `10.99.${Math.floor(signIns / 250)}.${(signIns++ % 250) + 1}`;
  const attempt = (captcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password: TEST_PASSWORD, captcha },
      remoteAddress,
    });
  const first = await attempt();
  const res =
    first.statusCode === 400 && json(first).captcha_required
      ? await attempt(await solvedCaptcha(t, email, remoteAddress))
      : first;
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return {
    bearer: { authorization: `Bearer ${json<{ token: string }>(res).token}` },
    cookie: {
      cookie: `portal_session=${cookies.portal_session}; csrftoken=${cookies.csrftoken}`,
      'x-csrftoken': cookies.csrftoken,
    },
  };
}

/** The id of a new session of `email`'s (the `sid` its token carries). */
async function sessionIdOf(email: string): Promise<string> {
  const token = (await signIn(email)).bearer.authorization.replace('Bearer ', '');
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
}

/** A person the caller may or may not reach: in the caller's firm a client of the advisor, else anyone of firm B. */
async function targetUser(target: Target, role: Caller) {
  if (target === 'self') return role === 'signedOut' ? ids.staff : ids[role];
  const u =
    target === 'own'
      ? await createUser(t.deps.db, {
          advisorId: ids.advisor,
          profile: { firmId: firms.own.id, profileType: ProfileType.Client },
        })
      : await createUser(t.deps.db, { profile: { firmId: firms.other.id, profileType: ProfileType.StandardUser } });
  return u.id;
}

/** Like `targetUser`, but an account invited and never activated: no password, an activation link out. */
async function invitedUser(target: 'own' | 'other') {
  const u = await createUser(t.deps.db, {
    passwordHash: null,
    isActive: false,
    advisorId: target === 'own' ? ids.advisor : null,
    profile: {
      firmId: firms[target].id,
      profileType: target === 'own' ? ProfileType.Client : ProfileType.StandardUser,
    },
  });
  await fixtureTx(t.deps.db, (tx) => issueOneTimeToken(tx, u.id, 'account_activation', 60_000));
  return u.id;
}

const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login/',
  'POST /api/auth/password/reset/',
  'POST /api/auth/password/reset/confirm/',
  'POST /api/auth/account/confirm/',
  // The link mailed to a new address: its token is the credential (with the password when another asked).
  'POST /api/account_settings/confirm_email/',
  'POST /api/account_settings/confirm_email/preview/',
  'POST /api/token/',
  'POST /api/token/refresh',
  'POST /api/token/verify/',
  // The second sign-in step: its mfa_token is the credential.
  'POST /api/auth/login/mfa/',
  // Calendar apps fetch a person's feed without signing in: the token in the path is the credential.
  'GET /api/calendar/feed/:token/calendar.ics',
  // Service providers read the portal's SAML metadata to trust it.
  'GET /api/sso/metadata/',
  // The sign-in captcha comes before anyone is signed in.
  'GET /api/captcha/challenge/',
  'POST /api/verify_captcha/',
]);

/** The API's documentation: for the firm's staff, not its clients. */
const docs = (url: string): Case => ({ build: () => ({ method: 'GET', url }), own: { ...all(200), client: 403 } });

/** The operator's token of GET /api/metrics (`config.metricsToken`): no person's session reaches the metrics. */
const METRICS_TOKEN = 'matrix-operator-metrics-token-0123456789';

const matrix: Record<string, Case> = {
  // Every role, by its token or its cookie, is refused: only the operator's token passes (tested below).
  'GET /api/metrics': { build: () => ({ method: 'GET', url: '/api/metrics' }), own: all(401) },
  'GET /api/openapi.json': docs('/api/openapi.json'),
  'GET /api/docs': docs('/api/docs'),
  'GET /api/docs/static/index.html': {
    build: () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
    own: { ...all(302), client: 403 },
  },
  'GET /api/docs/static/swagger-initializer.js': docs('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/json': docs('/api/docs/json'),
  'GET /api/docs/yaml': docs('/api/docs/yaml'),
  // Swagger UI's own stylesheets and scripts: nothing of the API in them, so any signed-in person.
  'GET /api/docs/static/*': { build: () => ({ method: 'GET', url: '/api/docs/static/index.css' }), own: all(200) },
  'POST /api/auth/logout/': {
    // Logging out ends the session, so each caller logs out a session of its own made for the purpose.
    build: () => ({ method: 'POST', url: '/api/auth/logout/', freshSession: true }),
    own: all(200),
  },
  'GET /api/auth/user/': { build: () => ({ method: 'GET', url: '/api/auth/user/' }), own: all(200) },
  'GET /api/auth/sessions/': { build: () => ({ method: 'GET', url: '/api/auth/sessions/' }), own: all(200) },
  'DELETE /api/auth/sessions/:id/': {
    // Own: a second session of the caller's, made for the purpose; other: a session of someone else's.
    build: async (target, role) => {
      const email =
        target === 'own' && role !== 'signedOut'
          ? emails[role]
          : (await createUser(t.deps.db, { profile: { firmId: firms[target === 'other' ? 'other' : 'own'].id } }))
              .email;
      return { method: 'DELETE', url: `/api/auth/sessions/${await sessionIdOf(email)}/` };
    },
    own: all(200),
    other: all(404),
  },
  'POST /api/auth/sessions/end_others/': {
    // Ends the caller's other sessions and keeps the one it is made with (each role's own, used throughout).
    build: () => ({ method: 'POST', url: '/api/auth/sessions/end_others/' }),
    own: all(200),
  },
  'PUT /api/account_settings/change_password/': {
    build: () => ({
      method: 'PUT',
      url: '/api/account_settings/change_password/',
      payload: {
        current_password: 'wrong wrong wrong',
        new_password: 'a new long password',
        new_password_confirmation: 'a new long password',
      },
    }),
    own: all(400),
  },
  'PUT /api/account_settings/change_email/': {
    build: () => ({
      method: 'PUT',
      url: '/api/account_settings/change_email/',
      payload: { email: 'not an email', current_password: 'x' },
    }),
    own: all(400),
  },
  'GET /api/account_settings/change_email/': {
    build: () => ({ method: 'GET', url: '/api/account_settings/change_email/' }),
    own: all(200),
  },
  // Nobody of the matrix has a change waiting: each is told so, whoever they are.
  'DELETE /api/account_settings/change_email/': {
    build: () => ({ method: 'DELETE', url: '/api/account_settings/change_email/' }),
    own: all(409),
  },
  'POST /api/account_settings/change_email/resend/': {
    build: () => ({ method: 'POST', url: '/api/account_settings/change_email/resend/' }),
    own: all(409),
  },
  'PUT /api/account_settings/update_personal_info/:id/': {
    build: async (target, role) => ({
      method: 'PUT',
      url: `/api/account_settings/update_personal_info/${target === 'own' ? ids.staffColleague : await targetUser(target, role)}/`,
      payload: { city: 'Boston' },
    }),
    own: { ...all(403), superAdmin: 200, firmAdmin: 200 },
    // A super CCO sees every firm's people (the roster), so learns the person exists: 403, not 404.
    other: { ...onlySuper(200, 404), superCco: 403 },
    self: all(200),
  },
  'GET /api/states/': { build: () => ({ method: 'GET', url: '/api/states/' }), own: all(200) },
  'GET /api/profile_types/': { build: () => ({ method: 'GET', url: '/api/profile_types/' }), own: all(200) },
  'GET /api/roles/': { build: () => ({ method: 'GET', url: '/api/roles/' }), own: all(200) },
  'GET /api/user_roles/': { build: () => ({ method: 'GET', url: '/api/user_roles/' }), own: all(200) },
  'GET /api/firms/': { build: () => ({ method: 'GET', url: '/api/firms/' }), own: all(200) },
  'POST /api/firms/': {
    build: () => ({ method: 'POST', url: '/api/firms/', payload: { name: 'Matrix Firm' } }),
    own: onlySuper(201, 403),
  },
  'GET /api/firms/:id/': {
    build: (s) => ({ method: 'GET', url: `/api/firms/${firms[s === 'other' ? 'other' : 'own'].id}/` }),
    own: all(200),
    other: { ...onlySuper(200, 404), superCco: 200 },
  },
  'PUT /api/firms/:id/': {
    build: (s) => ({
      method: 'PUT',
      url: `/api/firms/${firms[s === 'other' ? 'other' : 'own'].id}/`,
      payload: { name: s === 'other' ? 'Other Firm' : 'Own Firm', city: `City ${Math.random()}` },
    }),
    own: onlySuper(200, 403),
    other: { ...onlySuper(200, 404), superCco: 403 },
  },
  'DELETE /api/firms/:id/': {
    // The own firm has members (409 for the one who may delete); the other is a fresh empty firm.
    build: async (s) => ({
      method: 'DELETE',
      url: `/api/firms/${s === 'own' ? firms.own.id : (await createFirm(t.deps.db)).id}/`,
    }),
    own: onlySuper(409, 403),
    other: { ...onlySuper(204, 404), superCco: 403 },
  },
  'PUT /api/firms/:id/logo/': {
    build: (s) => ({
      method: 'PUT',
      url: `/api/firms/${firms[s === 'other' ? 'other' : 'own'].id}/logo/`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    }),
    own: onlySuper(200, 403),
    other: { ...onlySuper(200, 404), superCco: 403 },
  },
  'GET /api/firms/:id/logo/': {
    build: (s) => ({ method: 'GET', url: `/api/firms/${firms[s === 'other' ? 'other' : 'own'].id}/logo/` }),
    own: all(200),
    other: { ...onlySuper(200, 404), superCco: 200 },
  },
  'GET /api/users/': { build: () => ({ method: 'GET', url: '/api/users/' }), own: all(200) },
  'GET /api/users/filter/': { build: () => ({ method: 'GET', url: '/api/users/filter/' }), own: all(200) },
  'GET /api/users/firm_users/': { build: () => ({ method: 'GET', url: '/api/users/firm_users/' }), own: all(200) },
  'GET /api/users/firm_advisor_clients/': {
    build: () => ({ method: 'GET', url: '/api/users/firm_advisor_clients/' }),
    own: all(200),
  },
  'GET /api/users/:firm/all_advisors/': {
    build: (s) => ({ method: 'GET', url: `/api/users/${firms[s === 'other' ? 'other' : 'own'].id}/all_advisors/` }),
    own: { ...all(200), client: 403 },
    other: onlySuper(200, 404),
  },
  'GET /api/users/:firm/firm_advisors/': {
    build: (s) => ({ method: 'GET', url: `/api/users/${firms[s === 'other' ? 'other' : 'own'].id}/firm_advisors/` }),
    own: { ...all(200), client: 403 },
    other: onlySuper(200, 404),
  },
  'POST /api/users/': {
    build: () => ({
      method: 'POST',
      url: '/api/users/?notifyUser=false',
      payload: {
        email: `matrix.${Math.random()}@example.test`,
        last_name: 'Matrix',
        profile: { _firm: firms.own.id, profile_type: ProfileType.StandardUser },
      },
    }),
    own: managers(201, 403),
  },
  'GET /api/users/:id/': {
    build: async (s, role) => ({ method: 'GET', url: `/api/users/${await targetUser(s, role)}/` }),
    own: managers(200, 404),
    other: onlySuper(200, 404),
    self: all(200),
  },
  'PUT /api/users/:id/': {
    build: async (s, role) => {
      const id = await targetUser(s, role);
      const email = s === 'self' ? emails[role as Role] : `edited.${Math.random()}@example.test`;
      return { method: 'PUT', url: `/api/users/${id}/`, payload: { email, last_name: 'Edited' } };
    },
    own: managers(200, 404),
    other: onlySuper(200, 404),
    self: all(200),
  },
  'DELETE /api/users/:id/': {
    build: async (s, role) => ({ method: 'DELETE', url: `/api/users/${await targetUser(s, role)}/` }),
    own: managers(200, 404),
    other: onlySuper(200, 404),
    self: all(403),
  },
  'POST /api/users/:id/send_account_activation_link/': {
    build: async (s, role) => ({
      method: 'POST',
      url: `/api/users/${await targetUser(s, role)}/send_account_activation_link/`,
      payload: { generateNewPassword: false },
    }),
    own: managers(200, 404),
    other: onlySuper(200, 404),
    self: all(403),
  },
  'POST /api/users/:id/end_sessions/': {
    // An administrator of the person's firm or a super admin; an advisor sees their client but may not.
    build: async (s, role) => ({ method: 'POST', url: `/api/users/${await targetUser(s, role)}/end_sessions/` }),
    own: { ...managers(200, 404), advisor: 403 },
    other: onlySuper(200, 404),
    self: all(403),
  },
  'POST /api/users/:id/cancel_email_change/': {
    // A fresh account in use each time, with an address change waiting for it.
    build: async (s, role) => {
      const id = await targetUser(s, role);
      await fixtureTx(t.deps.db, (tx) =>
        issueOneTimeToken(tx, id, 'email_change', 60_000, {
          newEmail: `pending.${id}@example.test`,
          requestedById: id,
        }),
      );
      return { method: 'POST', url: `/api/users/${id}/cancel_email_change/` };
    },
    own: managers(200, 404),
    other: onlySuper(200, 404),
    // Anyone may withdraw a change waiting on their own account (as Settings → Email does).
    self: all(200),
  },
  'POST /api/users/:id/cancel_invitation/': {
    // A fresh invited account each time (never activated, its link out); oneself is an activated account.
    build: async (s, role) => ({
      method: 'POST',
      url: `/api/users/${s === 'self' ? await targetUser(s, role) : await invitedUser(s)}/cancel_invitation/`,
    }),
    own: managers(200, 404),
    other: onlySuper(200, 404),
    self: all(403),
  },
  ...twoFactorCases(),
  ...complianceCases(),
  ...catalogueCases(),
  ...investmentRequestCases(),
  ...onboardingCases(),
  ...disclosureCases(),
  ...directoryCases(),
  ...resourceCases(),
  ...firmContentCases(),
  ...vaultCases(),
  ...firmLinkCases(),
  ...supportCases(),
  ...ssoCases(),
  ...auditTrailCases(),
};

/** Whose record a compliance case reaches: a colleague in the caller's firm, someone of firm B, or the caller. */
const attestationOf = async (s: Target, role: Caller) => {
  if (s === 'self') return role === 'signedOut' || role === 'client' ? ownAttestation.staff : ownAttestation[role];
  const made = await createAttestation(t.deps.db, {
    ownerId: s === 'own' ? ids.staffColleague : ids.otherStaff,
    firmId: s === 'own' ? firms.own.id : firms.other.id,
  });
  return made;
};
const attestationId = async (s: Target, role: Caller) => {
  const a = await attestationOf(s, role);
  return typeof a === 'number' ? a : a.attestation.id;
};
/** The caller's own account (the signed-out caller's target is the standard user's). */
const callerOf = (role: Caller): Role => (role === 'signedOut' ? 'staff' : role);
const rosterOf = (s: Target, role: Caller) =>
  s === 'self'
    ? rosterEntry[role === 'signedOut' || role === 'client' ? 'staff' : role]
    : rosterEntry[s === 'own' ? 'staffColleague' : 'otherStaff'];
const attestationForm = { Employment_Date__c: '2020-01-01' };

function complianceCases(): Record<string, Case> {
  const list = (url: string): Case => ({ build: () => ({ method: 'GET', url }), own: staffAll(200) });
  const childDelete = (path: string, key: 'security' | 'activity' | 'contribution'): Case => ({
    build: async (s, role) => {
      const a = await attestationOf(s === 'self' ? 'own' : s, role);
      return { method: 'DELETE', url: `/api/${path}/${typeof a === 'number' ? 0 : a[key].id}/` };
    },
    own: ccos(204, 404),
    other: superCcoOnly(204, 404, 404),
  });
  return {
    'GET /api/quarterly_attestations/': list('/api/quarterly_attestations/'),
    'GET /api/quarterly_attestations/:firm/firm': {
      build: (s) => ({
        method: 'GET',
        url: `/api/quarterly_attestations/${firms[s === 'other' ? 'other' : 'own'].id}/firm`,
      }),
      own: staffAll(200),
      other: staffAll(200),
    },
    'GET /api/quarterly_attestations/:firm/firm/': list(`/api/quarterly_attestations/1/firm/`),
    'GET /api/quarterly_attestations/:user/user': list('/api/quarterly_attestations/1/user'),
    'GET /api/quarterly_attestations/:user/user/': list('/api/quarterly_attestations/1/user/'),
    'GET /api/quarterly_attestations/:id/': {
      build: async (s, role) => ({
        method: 'GET',
        url: `/api/quarterly_attestations/${await attestationId(s, role)}/`,
      }),
      own: ccos(200, 404),
      other: superCcoOnly(200, 404, 404),
      self: staffAll(200),
    },
    'GET /api/quarterly_attestations/:id/history/': {
      build: async (s, role) => ({
        method: 'GET',
        url: `/api/quarterly_attestations/${await attestationId(s, role)}/history/`,
      }),
      own: ccos(200, 404),
      other: superCcoOnly(200, 404, 404),
      self: staffAll(200),
    },
    'GET /api/quarterly_attestations/:user/most_recent/': {
      build: (s, role) => ({
        method: 'GET',
        url: `/api/quarterly_attestations/${s === 'self' ? (role === 'signedOut' ? ids.staff : ids[role]) : s === 'own' ? ids.staffColleague : ids.otherStaff}/most_recent/`,
      }),
      own: ccos(200, 404),
      other: superCcoOnly(200, 404, 404),
      self: staffAll(200),
    },
    'POST /api/quarterly_attestations/': {
      // Every staff role filed this period's attestation in the set-up: a second one is a 409.
      build: () => ({ method: 'POST', url: '/api/quarterly_attestations/', payload: attestationForm }),
      own: staffAll(409),
    },
    'PUT /api/quarterly_attestations/:id/': {
      build: async (s, role) => ({
        method: 'PUT',
        url: `/api/quarterly_attestations/${await attestationId(s, role)}/`,
        payload: { ...attestationForm, City__c: `City ${Math.random()}` },
      }),
      own: ccos(200, 404),
      other: superCcoOnly(200, 404, 404),
      self: staffAll(200),
    },
    'DELETE /api/quarterly_attestations/:id/': {
      build: async (s, role) => ({
        method: 'DELETE',
        url: `/api/quarterly_attestations/${await attestationId(s, role)}/`,
      }),
      own: ccos(204, 404),
      other: superCcoOnly(204, 404, 404),
      // Nobody deletes their own, a CCO included.
      self: { ...all(403) },
    },
    // Every attestation of the set-up is in the own firm or the other: a CCO's export always finds one.
    'GET /api/quarterly_attestations/export/': {
      build: (s) => ({
        method: 'GET',
        url: `/api/quarterly_attestations/export/?firm=${firms[s === 'other' ? 'other' : 'own'].id}`,
      }),
      own: ccos(200, 403),
      // Another firm's records are outside a CCO's scope: the same 404 as an empty export.
      other: superCcoOnly(200, 403, 404),
    },
    'GET /api/quarterly_attestations/:id/pdf/': {
      build: async (s, role) => ({
        method: 'GET',
        url: `/api/quarterly_attestations/${await attestationId(s, role)}/pdf/`,
      }),
      own: ccos(200, 404),
      other: superCcoOnly(200, 404, 404),
      self: staffAll(200),
    },
    'DELETE /api/personal_securities/:id/': childDelete('personal_securities', 'security'),
    'DELETE /api/outside_business_activities/:id/': childDelete('outside_business_activities', 'activity'),
    'DELETE /api/political_contributions/:id/': childDelete('political_contributions', 'contribution'),
    'GET /api/supervised_persons/': {
      build: () => ({ method: 'GET', url: '/api/supervised_persons/' }),
      own: ccos(200, 403),
    },
    'GET /api/supervised_persons/:firm/firm/': {
      build: (s) => ({
        method: 'GET',
        url: `/api/supervised_persons/${firms[s === 'other' ? 'other' : 'own'].id}/firm/`,
      }),
      own: ccos(200, 403),
      other: ccos(200, 403),
    },
    // A CCO asking for another firm's status gets their scope's answer: nobody of that firm.
    'GET /api/attestation_submission_status/': {
      build: () => ({ method: 'GET', url: '/api/attestation_submission_status/' }),
      own: ccos(200, 403),
    },
    'GET /api/attestation_submission_status/:firm/firm/': {
      build: (s) => ({
        method: 'GET',
        url: `/api/attestation_submission_status/${firms[s === 'other' ? 'other' : 'own'].id}/firm/`,
      }),
      own: ccos(200, 403),
      other: superCcoOnly(200, 403, 404),
    },
    // Reminders of the period being filed now: the colleagues have not filed it, every staff caller has.
    // Each call starts with nobody reminded: a person is reminded at most once a day.
    'POST /api/quarterly_attestations/send_email/': {
      build: async (s, role) => {
        await t.database.db.delete(attestationReminders);
        return {
          method: 'POST',
          url: '/api/quarterly_attestations/send_email/',
          payload: {
            supervisedPersonUserId:
              s === 'self' ? ids[callerOf(role)] : s === 'own' ? ids.staffColleague : ids.otherStaff,
          },
        };
      },
      own: ccos(200, 403),
      other: superCcoOnly(200, 403, 404),
      self: { ...all(403), cco: 409, superCco: 409 },
    },
    'POST /api/quarterly_attestations/send_reminders/': {
      build: async (s) => {
        await t.database.db.delete(attestationReminders);
        return {
          method: 'POST',
          url: '/api/quarterly_attestations/send_reminders/',
          payload: {
            firm: firms[s === 'other' ? 'other' : 'own'].id,
            ...attestationPeriodOn(calendarDateIn('America/New_York', new Date())),
          },
        };
      },
      own: ccos(200, 403),
      other: superCcoOnly(200, 403, 404),
    },
    'GET /api/supervised_persons/:id/': {
      build: (s, role) => ({ method: 'GET', url: `/api/supervised_persons/${rosterOf(s, role)}/` }),
      own: ccos(200, 403),
      other: superCcoOnly(200, 403, 404),
    },
    'GET /api/supervised_persons/me/': {
      build: () => ({ method: 'GET', url: '/api/supervised_persons/me/' }),
      own: staffAll(200),
    },
    'GET /api/supervised_persons/:user/get_supervised_person_by_user_id/': {
      build: (s, role) => ({
        method: 'GET',
        url: `/api/supervised_persons/${s === 'self' ? (role === 'signedOut' ? ids.staff : ids[role]) : s === 'own' ? ids.staffColleague : ids.otherStaff}/get_supervised_person_by_user_id/`,
      }),
      own: ccos(200, 404),
      other: superCcoOnly(200, 404, 404),
      self: staffAll(200),
    },
    'POST /api/supervised_persons/': {
      build: async (s, role) => {
        if (s === 'self')
          return { method: 'POST', url: '/api/supervised_persons/', payload: { email: emails[callerOf(role)] } };
        const person = await createUser(t.deps.db, {
          profile: { firmId: firms.own.id, profileType: ProfileType.StandardUser },
        });
        return { method: 'POST', url: '/api/supervised_persons/', payload: { email: person.email } };
      },
      own: ccos(201, 403),
      // Nobody puts themselves on the roster, nor changes or removes their own entry (a CCO included).
      self: all(403),
    },
    'PUT /api/supervised_persons/:id/': {
      build: async (s, role) => {
        const id = rosterOf(s, role);
        const res = await t.app.inject({ url: `/api/supervised_persons/${id}/`, headers: sessions.superCco.bearer });
        return {
          method: 'PUT',
          url: `/api/supervised_persons/${id}/`,
          payload: {
            ...json<Record<string, unknown>>(res),
            has_to_submit_political_contributions: Math.random() > 0.5,
          },
        };
      },
      own: ccos(200, 403),
      other: superCcoOnly(200, 403, 404),
      self: all(403),
    },
    'DELETE /api/supervised_persons/:id/': {
      build: async (s, role) => {
        if (s === 'self') return { method: 'DELETE', url: `/api/supervised_persons/${rosterOf(s, role)}/` };
        const person = await createUser(t.deps.db, {
          profile: { firmId: firms[s === 'other' ? 'other' : 'own'].id, profileType: ProfileType.StandardUser },
        });
        return { method: 'DELETE', url: `/api/supervised_persons/${(await addToRoster(t.deps.db, person.id)).id}/` };
      },
      own: ccos(204, 403),
      other: superCcoOnly(204, 403, 404),
      self: all(403),
    },
  };
}

/**
 * The investment catalogues: advisors read (their own and the shared entries), investments
 * users and administrators keep their firm's, a super admin every firm's; anyone else is refused.
 */
function catalogueCases(): Record<string, Case> {
  const readers = (ok: number, others = 403): Expect => ({
    ...all(others),
    superAdmin: ok,
    firmAdmin: ok,
    advisor: ok,
    investments: ok,
  });
  const keepers = (ok: number, others = 403): Expect => ({
    ...all(others),
    superAdmin: ok,
    firmAdmin: ok,
    investments: ok,
  });
  /** Another firm's: absent to its readers, theirs to a super admin; a body naming it is the firm field's 400. */
  const otherReaders = (ok: number): Expect => ({ ...readers(404), superAdmin: ok });
  const otherKeepers = (ok: number, kept = 404): Expect => ({
    ...readers(kept),
    advisor: kept === 400 ? 403 : 404,
    superAdmin: ok,
  });
  const firmOf = (s: Target) => firms[s === 'other' ? 'other' : 'own'].id;
  /** A fresh shared entry of the target's firm, made by the super admin. */
  const entry = async (path: string, s: Target) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${path}/`,
      headers: sessions.superAdmin.bearer,
      payload: { name: `Matrix ${Math.random()}`, firm: firmOf(s) },
    });
    return json<{ id: number }>(res).id;
  };
  const cases: Record<string, Case> = {};
  for (const [path, firmList, advisorList, advisorParam] of [
    ['investment_models', 'firm_investment_models', 'advisor_investment_models', 'financialAdvisorUserId'],
    ['fee_schedules', 'firm_fee_schedules', 'advisor_fee_schedules', 'financialAdvisorUserId'],
  ] as const) {
    const base = `/api/${path}/`;
    Object.assign(cases, {
      [`GET ${base}`]: { build: () => ({ method: 'GET', url: base }), own: readers(200) },
      [`GET ${base}:firm/${firmList}/`]: {
        build: (s: Target) => ({ method: 'GET', url: `${base}${firmOf(s)}/${firmList}/` }),
        own: readers(200),
        other: otherReaders(200),
      },
      [`GET ${base}:firmTk/${advisorList}/`]: {
        // Each caller asks for the advisor's list; an advisor may ask only for their own.
        build: (s: Target) => ({
          method: 'GET',
          url: `${base}${s === 'other' ? 9002 : 9001}/${advisorList}/?${advisorParam}=${ids.advisor}`,
        }),
        own: readers(200),
        other: otherReaders(200),
      },
      [`POST ${base}`]: {
        build: (s: Target) => ({ method: 'POST', url: base, payload: { name: 'Matrix entry', firm: firmOf(s) } }),
        own: keepers(201),
        other: otherKeepers(201, 400),
      },
      // The entry is shared but not offered to the firm (no firm model / firm fee schedule): an advisor
      // sees only what the firm offers and their own, so to them it is absent.
      [`GET ${base}:id/`]: {
        build: async (s: Target) => ({ method: 'GET', url: `${base}${await entry(path, s)}/` }),
        own: { ...readers(200), advisor: 404 },
        other: otherReaders(200),
      },
      [`PUT ${base}:id/`]: {
        build: async (s: Target) => ({
          method: 'PUT',
          url: `${base}${await entry(path, s)}/`,
          payload: { name: `Renamed ${Math.random()}` },
        }),
        own: { ...keepers(200), advisor: 404 },
        other: otherKeepers(200),
      },
      [`DELETE ${base}:id/`]: {
        build: async (s: Target) => ({ method: 'DELETE', url: `${base}${await entry(path, s)}/` }),
        own: { ...keepers(204), advisor: 404 },
        other: otherKeepers(204),
      },
    });
  }
  for (const [path, entryPath, entryKey] of [
    ['firm_models', 'investment_models', 'investment_model'],
    ['firm_fee_schedules', 'fee_schedules', 'fee_schedule'],
  ] as const) {
    const base = `/api/${path}/`;
    /** A fresh offer of a fresh entry to the target's firm, made by the super admin. */
    const offer = async (s: Target) => {
      const res = await t.app.inject({
        method: 'POST',
        url: base,
        headers: sessions.superAdmin.bearer,
        payload: { firm: firmOf(s), [entryKey]: await entry(entryPath, s) },
      });
      return json<{ id: number }>(res).id;
    };
    Object.assign(cases, {
      [`GET ${base}`]: { build: () => ({ method: 'GET', url: base }), own: readers(200) },
      [`GET ${base}firm/`]: {
        build: (s: Target) => ({ method: 'GET', url: `${base}firm/?firm=${firmOf(s)}` }),
        own: readers(200),
        other: otherReaders(200),
      },
      [`GET ${base}advisor/`]: { build: () => ({ method: 'GET', url: `${base}advisor/` }), own: readers(200) },
      [`POST ${base}`]: {
        build: async (s: Target) => ({
          method: 'POST',
          url: base,
          payload: { firm: firmOf(s), [entryKey]: await entry(entryPath, s) },
        }),
        own: keepers(201),
        other: otherKeepers(201, 400),
      },
      [`GET ${base}:id/`]: {
        build: async (s: Target) => ({ method: 'GET', url: `${base}${await offer(s)}/` }),
        own: readers(200),
        other: otherReaders(200),
      },
      [`PUT ${base}:id/`]: {
        build: async (s: Target) => ({
          method: 'PUT',
          url: `${base}${await offer(s)}/`,
          payload: { firm: firmOf(s), [entryKey]: await entry(entryPath, s) },
        }),
        own: keepers(200),
        other: otherKeepers(200),
      },
      [`DELETE ${base}:id/`]: {
        build: async (s: Target) => ({ method: 'DELETE', url: `${base}${await offer(s)}/` }),
        own: keepers(204),
        other: otherKeepers(204),
      },
    });
  }
  return cases;
}

/**
 * Two-factor sign-in: everyone manages their own factors (another person's factor id is
 * a 404, a wrong code or password a 400); an administrator resets a user's factors in their firm, a
 * super admin in any. The matrix's firms are demo firms, so nobody is held at set-up here.
 */
function twoFactorCases(): Record<string, Case> {
  return {
    'GET /api/auth/mfa/': { build: () => ({ method: 'GET', url: '/api/auth/mfa/' }), own: all(200) },
    'POST /api/auth/mfa/totp/setup/': {
      build: () => ({ method: 'POST', url: '/api/auth/mfa/totp/setup/' }),
      own: all(200),
    },
    'POST /api/auth/mfa/totp/confirm/': {
      build: () => ({ method: 'POST', url: '/api/auth/mfa/totp/confirm/', payload: { code: '000000' } }),
      own: all(400),
    },
    'POST /api/auth/mfa/webauthn/options/': {
      build: () => ({ method: 'POST', url: '/api/auth/mfa/webauthn/options/' }),
      own: all(200),
    },
    'POST /api/auth/mfa/webauthn/register/': {
      build: () => ({
        method: 'POST',
        url: '/api/auth/mfa/webauthn/register/',
        payload: {
          response: {
            id: 'AAAA',
            rawId: 'AAAA',
            type: 'public-key',
            response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
            clientExtensionResults: {},
          },
        },
      }),
      own: all(400),
    },
    // Nobody here has a factor: no codes to make (and no password tried, so no sign-in is throttled).
    'POST /api/auth/mfa/recovery_codes/': {
      build: () => ({ method: 'POST', url: '/api/auth/mfa/recovery_codes/', payload: { password: 'not tried' } }),
      own: all(400),
    },
    'DELETE /api/auth/mfa/:id/': {
      build: async (s) => {
        // Another person's confirmed factor (own firm or the other): never anyone else's to remove.
        const owner = await createUser(t.deps.db, { profile: { firmId: firms[s === 'other' ? 'other' : 'own'].id } });
        const [factor] = await t.database.db
          .insert(mfaFactors)
          .values({ userId: owner.id, kind: 'totp', label: 'App', secret: null, confirmedAt: new Date() })
          .returning();
        return { method: 'DELETE', url: `/api/auth/mfa/${factor.id}/`, payload: { password: TEST_PASSWORD } };
      },
      own: all(404),
      other: all(404),
    },
    'POST /api/users/:id/mfa_reset/': {
      build: async (s, role) => ({ method: 'POST', url: `/api/users/${await targetUser(s, role)}/mfa_reset/` }),
      own: { ...managers(200, 404), advisor: 403 },
      other: onlySuper(200, 404),
      self: all(403),
    },
  };
}

/** Per firm: an advisor's session, a client of theirs, a shared model and fee schedule (made in `beforeAll`). */
const requestFixtures = {} as Record<
  'own' | 'other',
  { advisor: Record<string, string>; advisorId: number; client: number; model: number; feeSchedule: number }
>;

/**
 * Investment strategies and cash requests: advisors file for their clients and see what they filed;
 * the firm's investments users and administrators read and move them; a super admin every firm's;
 * everyone else 403. Another firm's request is a 404 to the firm's people.
 */
function investmentRequestCases(): Record<string, Case> {
  const readers = (ok: number): Expect => ({
    ...all(403),
    superAdmin: ok,
    firmAdmin: ok,
    advisor: ok,
    investments: ok,
  });
  const otherReaders = (ok: number): Expect => ({ ...readers(404), superAdmin: ok });
  const side = (s: Target) => requestFixtures[s === 'other' ? 'other' : 'own'];
  const cases: Record<string, Case> = {};
  for (const [path, form] of [
    [
      'investment_strategies',
      (s: Target) => ({
        ESWA_Portal_Owner_ID__c: side(s).client,
        Financial_Account_Name__c: 'Matrix IRA',
        Custodian_Account_Number__c: '12345678',
        Account_Master_Code__c: 'MX',
        Custodian__c: 'Schwab',
        Advisor__c: 'Matrix Advisor',
        Relationship_Name__c: 'Matrix Family',
        Fee_Schedule__c: side(s).feeSchedule,
        Fee_Minimum__c: 0,
        Client_Name__c: 'Matrix Client',
        Client_Street__c: '1 Main St',
        Client_City__c: 'Springfield',
        Client_State__c: 'IL',
        Client_Zip_Code__c: '62701',
        Client_Email__c: 'matrix@example.test',
        Investment_Model__c: side(s).model,
        Trading_Authority__c: 'Advisor',
      }),
    ],
    [
      'cash_requests',
      (s: Target) => ({
        ESWA_Portal_Owner_ID__c: side(s).client,
        Cash_Request_Type__c: 'Invest Cash',
        Amount__c: 100,
        Financial_Account_Name__c: 'Matrix IRA',
        Custodian_Account_Number__c: '12345678',
        Custodian__c: 'Schwab',
        Relationship_Name__c: 'Matrix Family',
      }),
    ],
  ] as const) {
    const base = `/api/${path}/`;
    /** A fresh request of the target's firm, filed by that firm's advisor. */
    const filed = async (s: Target) => {
      const res = await t.app.inject({ method: 'POST', url: base, headers: side(s).advisor, payload: form(s) });
      return json<{ Id: number }>(res).Id;
    };
    Object.assign(cases, {
      [`GET ${base}`]: { build: () => ({ method: 'GET', url: base }), own: readers(200) },
      [`POST ${base}`]: {
        build: (s: Target) => ({ method: 'POST', url: base, payload: form(s) }),
        own: { ...all(403), advisor: 201 },
        other: { ...all(403), advisor: 404 },
      },
      [`GET ${base}:id/`]: {
        build: async (s: Target) => ({ method: 'GET', url: `${base}${await filed(s)}/` }),
        own: readers(200),
        other: otherReaders(200),
      },
      [`PUT ${base}:id/`]: {
        // Only the advisor who filed it edits it; the department reads it but does not edit it.
        build: async (s: Target) => ({ method: 'PUT', url: `${base}${await filed(s)}/`, payload: form(s) }),
        own: { ...all(403), advisor: 200 },
        other: { ...readers(404), superAdmin: 403 },
      },
      [`POST ${base}:id/status/`]: {
        build: async (s: Target) => ({
          method: 'POST',
          url: `${base}${await filed(s)}/status/`,
          payload: { status: 'In Progress' },
        }),
        own: { ...readers(200), advisor: 403 },
        other: otherReaders(200),
      },
    });
  }
  return cases;
}

const agreementForm = (clientId: number) =>
  agreementBody({ ESWA_Portal_User_ID__c: clientId, ClientName__c: 'Matrix Client' });

/**
 * Client onboarding: a client's agreement and investor profile are written by the client and their
 * advisor, read by those two, the firm's administrators and a super admin; anyone else, another firm's
 * people and a target that is not a client: 404. The own-firm target is a fresh Exhibit B client of the
 * advisor; another firm's, a client of that firm's advisor; `self` is the caller (a client only for `client`).
 */
function onboardingCases(): Record<string, Case> {
  const readers = (ok: number, others = 404): Expect => ({
    ...all(others),
    superAdmin: ok,
    firmAdmin: ok,
    advisor: ok,
  });
  const writers = (ok: number): Expect => ({ ...all(404), superAdmin: 403, firmAdmin: 403, advisor: ok });
  const onlySuperReads = (ok: number): Expect => ({ ...all(404), superAdmin: ok });
  const selfClient = (ok: number): Expect => ({ ...all(404), client: ok });
  /** A fresh client of the target's side (never signed in), with the Exhibit B profile step. */
  const client = async (s: Target, role: Caller) => {
    if (s === 'self') return role === 'signedOut' ? ids.client : ids[role];
    const side = s === 'other' ? 'other' : 'own';
    const u = await createUser(t.deps.db, {
      advisorId: requestFixtures[side].advisorId,
      profile: { firmId: firms[side].id, profileType: ProfileType.Client, isExhibitBInvestorProfileFormUser: true },
    });
    return u.id;
  };
  const advisorOf = (s: Target) => requestFixtures[s === 'other' ? 'other' : 'own'].advisor;
  /** A fresh client with an agreement filed by their advisor: the agreement's id. */
  const agreement = async (s: Target, role: Caller) => {
    const id = await client(s, role);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client_agreements/',
      headers: advisorOf(s),
      payload: agreementForm(id),
    });
    expect(res.statusCode).toBe(201);
    return json<{ Id: number }>(res).Id;
  };
  const profile = async (s: Target, role: Caller) => {
    const id = await client(s, role);
    const url = `/api/investor_profile/${id}/`;
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: advisorOf(s), payload: investorProfileAnswers() })).statusCode,
    ).toBe(200);
    return id;
  };
  return {
    'POST /api/client_agreements/': {
      build: async (s, role) => ({
        method: 'POST',
        url: '/api/client_agreements/',
        payload: agreementForm(await client(s, role)),
      }),
      own: writers(201),
      // A client's own first submit is in onboarding.test.ts: one agreement a client, and the matrix runs twice.
      other: { ...all(404), superAdmin: 403 },
    },
    'GET /api/client_agreements/': {
      build: async (s, role) => ({
        method: 'GET',
        url: `/api/client_agreements/?portalUserId=${await client(s, role)}`,
      }),
      own: readers(200),
      other: onlySuperReads(200),
      self: selfClient(200),
    },
    'GET /api/client_agreements/:id/': {
      build: async (s, role) => ({
        method: 'GET',
        url: `/api/client_agreements/${await agreement(s, role)}/?reveal=true`,
      }),
      own: readers(200),
      other: onlySuperReads(200),
    },
    'PUT /api/client_agreements/:id/': {
      build: async (s, role) => {
        const id = await agreement(s, role);
        const owner = await t.app.inject({ url: `/api/client_agreements/${id}/`, headers: advisorOf(s) });
        return { method: 'PUT', url: `/api/client_agreements/${id}/`, payload: json(owner) };
      },
      own: writers(200),
      other: { ...all(404), superAdmin: 403 },
    },
    'GET /api/investor_profile/:userId/': {
      build: async (s, role) => ({ method: 'GET', url: `/api/investor_profile/${await profile(s, role)}/` }),
      own: readers(200),
      other: onlySuperReads(200),
    },
    'PUT /api/investor_profile/:userId/': {
      build: async (s, role) => ({
        method: 'PUT',
        url: `/api/investor_profile/${await client(s, role)}/`,
        payload: investorProfileAnswers(),
      }),
      own: writers(200),
      other: { ...all(404), superAdmin: 403 },
      // The matrix's client has no Exhibit B step: reached, and refused for that.
      self: selfClient(409),
    },
    'GET /api/onboarding/:userId/status/': {
      build: async (s, role) => ({ method: 'GET', url: `/api/onboarding/${await client(s, role)}/status/` }),
      own: readers(200),
      other: onlySuperReads(200),
      self: selfClient(200),
    },
  };
}

/**
 * Disclosure documents: a firm's administrators (a super admin any firm's) upload and delete versions;
 * the firm's people read a version's PDF (a client the current one); the delivery PUTs are the client's
 * own; the report, its CSV and Deliver are for CCOs and administrators (super CCO and super admin: any firm).
 */
function disclosureCases(): Record<string, Case> {
  const today = () => calendarDateIn('America/New_York', new Date());
  const firmOf = (s: Target) => firms[s === 'other' ? 'other' : 'own'].id;
  const admins = (ok: number): Expect => ({ ...all(403), superAdmin: ok, firmAdmin: ok });
  const otherAdmins = (ok: number): Expect => ({ ...all(404), superAdmin: ok, superCco: 403 });
  const reporters = (ok: number): Expect => ({ ...all(403), superAdmin: ok, firmAdmin: ok, cco: ok, superCco: ok });
  const otherReporters = (ok: number): Expect => ({
    ...all(403),
    superAdmin: ok,
    superCco: ok,
    firmAdmin: 404,
    cco: 404,
  });
  /** A fresh version of the target's firm, effective today: the newest upload is the current one. */
  const version = async (s: Target) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/disclosure_documents/?firm=${firmOf(s)}&kind=adv_2a&effective_date=${today()}`,
      headers: { ...sessions.superAdmin.bearer, 'content-type': 'application/pdf' },
      payload: MATRIX_PDF,
    });
    return json<{ id: number }>(res).id;
  };
  const delivery = (path: string): Case => ({
    build: async (s, role) => ({
      method: 'PUT',
      url: path,
      payload: { portalUserId: await targetUser(s, role), deliveryDate: today() },
    }),
    own: all(403),
    self: { ...all(403), client: 200 },
  });
  return {
    'GET /api/disclosure_documents/': {
      build: (s) => ({ method: 'GET', url: `/api/disclosure_documents/?firm=${firmOf(s)}` }),
      own: admins(200),
      other: otherAdmins(200),
    },
    'POST /api/disclosure_documents/': {
      build: (s) => ({
        method: 'POST',
        url: `/api/disclosure_documents/?firm=${firmOf(s)}&kind=crs&effective_date=2020-01-01`,
        headers: { 'content-type': 'application/pdf' },
        payload: MATRIX_PDF,
      }),
      own: admins(201),
      other: otherAdmins(201),
    },
    'GET /api/disclosure_documents/:id/file/': {
      build: async (s) => ({ method: 'GET', url: `/api/disclosure_documents/${await version(s)}/file/` }),
      own: all(200),
      other: { ...all(404), superAdmin: 200, superCco: 200 },
    },
    'DELETE /api/disclosure_documents/:id/': {
      build: async (s) => ({ method: 'DELETE', url: `/api/disclosure_documents/${await version(s)}/` }),
      own: admins(204),
      other: otherAdmins(204),
    },
    'GET /api/disclosures/current/': {
      build: async (s, role) => ({
        method: 'GET',
        url: `/api/disclosures/current/?portalUserId=${await targetUser(s, role)}`,
      }),
      // The target in the caller's firm is a client of the advisor; in another firm, not a client at all.
      own: { ...all(404), superAdmin: 200, firmAdmin: 200, advisor: 200 },
      other: all(404),
      self: { ...all(404), client: 200 },
    },
    'PUT /api/update_form_adv_delivery_date/': delivery('/api/update_form_adv_delivery_date/'),
    'PUT /api/update_form_crs_delivery_date/': delivery('/api/update_form_crs_delivery_date/'),
    'GET /api/disclosure_deliveries/': {
      build: (s) => ({ method: 'GET', url: `/api/disclosure_deliveries/?firm=${firmOf(s)}` }),
      own: reporters(200),
      other: otherReporters(200),
    },
    'GET /api/disclosure_deliveries/export/': {
      build: (s) => ({ method: 'GET', url: `/api/disclosure_deliveries/export/?firm=${firmOf(s)}` }),
      own: reporters(200),
      other: otherReporters(200),
    },
    'POST /api/disclosure_deliveries/deliver/': {
      // One client who stays due (they never open the document), so every caller's Deliver mails again.
      build: (s) => ({
        method: 'POST',
        url: '/api/disclosure_deliveries/deliver/',
        payload: { firm: firmOf(s), portalUserId: requestFixtures[s === 'other' ? 'other' : 'own'].client },
      }),
      own: reporters(200),
      other: otherReporters(200),
    },
  };
}

/**
 * The staff directory: the whole staff reads its firm's members, only managers (and a super admin, over
 * every firm) edit and remove; clients reach none of it. Writes target a fresh member each time, so a
 * removal never takes away a person another case reads.
 */
function directoryCases(): Record<string, Case> {
  const member = async (s: Target, role: Caller) =>
    s === 'self'
      ? role === 'signedOut'
        ? ids.staff
        : ids[role]
      : (await createUser(t.deps.db, { profile: { firmId: firms[s].id, profileType: ProfileType.StandardUser } })).id;
  const editors = (ok: number, others: number): Expect => ({
    ...all(others),
    superAdmin: ok,
    manager: ok,
    client: 403,
  });
  return {
    'GET /api/employees/': { build: () => ({ method: 'GET', url: '/api/employees/' }), own: staffAll(200) },
    'GET /api/employees/:id/': {
      build: (s, role) => ({
        method: 'GET',
        url: `/api/employees/${s === 'self' ? (role === 'signedOut' ? ids.staff : ids[role]) : s === 'own' ? ids.staffColleague : ids.otherStaff}/`,
      }),
      own: staffAll(200),
      other: { ...onlySuper(200, 404), client: 403 },
      self: staffAll(200),
    },
    'PUT /api/employees/:id/': {
      build: async (s, role) => ({
        method: 'PUT',
        url: `/api/employees/${await member(s, role)}/`,
        payload: { Title__c: 'Directory title' },
      }),
      own: editors(200, 403),
      other: { ...onlySuper(200, 404), client: 403 },
      self: editors(200, 403),
    },
    'PUT /api/employees/:id/remove_member': {
      build: async (s, role) => ({ method: 'PUT', url: `/api/employees/${await member(s, role)}/remove_member` }),
      own: editors(200, 403),
      other: { ...onlySuper(200, 404), client: 403 },
    },
  };
}

/**
 * Training resources: the firm's staff read (a super admin and a super CCO any firm's); its administrators
 * (a super admin any firm's) add, change and remove; each staff member acknowledges their own firm's
 * documents; CCOs and administrators see who has not (a super CCO and a super admin any firm's).
 * Writes target a fresh resource each time.
 */
function resourceCases(): Record<string, Case> {
  const firmOf = (s: Target) => firms[s === 'other' ? 'other' : 'own'].id;
  const fresh = async (s: Target) => {
    const body = multipartOf(
      {
        category: 'compliance',
        name: 'Matrix Code of Ethics',
        acknowledgement: 'code_of_ethics',
        firm: String(firmOf(s)),
      },
      [{ name: 'ethics.pdf', bytes: MATRIX_PDF }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resources/',
      headers: { ...sessions.superAdmin.bearer, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return json<{ id: number }>(res).id;
  };
  const kept: Partial<Record<Target, Promise<number>>> = {};
  const shared = (s: Target) => {
    kept[s] ??= fresh(s);
    return kept[s];
  };
  const readers: Expect = { ...all(200), client: 403 };
  const otherReaders: Expect = { ...all(404), superAdmin: 200, superCco: 200, client: 403 };
  const admins = (ok: number): Expect => ({ ...all(403), superAdmin: ok, firmAdmin: ok });
  const otherAdmins = (ok: number): Expect => ({ ...all(404), superAdmin: ok, superCco: 403, client: 403 });
  // An upload (POST, PUT) refuses who manages no firm's resources before reading the body: 403 whatever the target.
  const otherUploaders = (ok: number): Expect => ({ ...all(403), superAdmin: ok, firmAdmin: 404 });
  const overseers = (ok: number): Expect => ({ ...all(403), superAdmin: ok, firmAdmin: ok, cco: ok, superCco: ok });
  const otherOverseers = (ok: number): Expect => ({ ...all(404), superAdmin: ok, superCco: ok, client: 403 });
  const get = (path: (id: number) => string, own: Expect, other: Expect): Case => ({
    build: async (s) => ({ method: 'GET', url: path(await shared(s)) }),
    own,
    other,
  });
  return {
    'GET /api/resources/': {
      build: (s) => ({ method: 'GET', url: `/api/resources/?category=compliance&firm=${firmOf(s)}` }),
      own: readers,
      other: otherReaders,
    },
    'GET /api/resources/my_acknowledgements/': {
      build: () => ({ method: 'GET', url: '/api/resources/my_acknowledgements/' }),
      own: readers,
    },
    'GET /api/resources/:id/': get((id) => `/api/resources/${id}/`, readers, otherReaders),
    'GET /api/resources/:id/file/': get((id) => `/api/resources/${id}/file/`, readers, otherReaders),
    'GET /api/resources/:id/versions/': get(
      (id) => `/api/resources/${id}/versions/`,
      overseers(200),
      otherOverseers(200),
    ),
    'GET /api/resources/:id/versions/:version/file/': get(
      (id) => `/api/resources/${id}/versions/1/file/`,
      overseers(200),
      otherOverseers(200),
    ),
    'GET /api/resources/:id/acknowledgements/': get(
      (id) => `/api/resources/${id}/acknowledgements/`,
      overseers(200),
      otherOverseers(200),
    ),
    'POST /api/resources/': {
      build: (s) => {
        const body = multipartOf({ category: 'faqs', name: 'Matrix FAQ', firm: String(firmOf(s)) }, [
          { name: 'faq.pdf', bytes: MATRIX_PDF },
        ]);
        return { method: 'POST', url: '/api/resources/', payload: body.payload, headers: body.headers };
      },
      own: admins(201),
      other: otherUploaders(201),
    },
    'PUT /api/resources/:id/': {
      build: async (s) => ({ method: 'PUT', url: `/api/resources/${await fresh(s)}/`, payload: { name: 'Renamed' } }),
      own: admins(200),
      other: otherUploaders(200),
    },
    'DELETE /api/resources/:id/': {
      build: async (s) => ({ method: 'DELETE', url: `/api/resources/${await fresh(s)}/` }),
      own: admins(204),
      other: otherAdmins(204),
    },
    'POST /api/resources/:id/acknowledge/': {
      // The acknowledgement is the person's own, for their own firm: a super account of another firm has none.
      build: async (s) => ({ method: 'POST', url: `/api/resources/${await shared(s)}/acknowledge/` }),
      own: readers,
      other: { ...all(404), superAdmin: 403, superCco: 403, client: 403 },
    },
  };
}

/**
 * What a firm publishes to its people: everyone signed in reads their own firm's calendar,
 * Life Impact page and portal settings, clients included; only its administrators (a super admin for
 * their own firm) write them. Another firm's event is absent to everyone. Each person has a feed.
 */
function firmContentCases(): Record<string, Case> {
  const admins = (ok: number, others: number): Expect => ({ ...all(others), superAdmin: ok, firmAdmin: ok });
  const eventOf = async (s: Target) => {
    const [row] = await t.database.db
      .insert(calendarEvents)
      .values({
        firmId: firms[s === 'other' ? 'other' : 'own'].id,
        title: 'Matrix event',
        allDay: true,
        startDate: '2026-10-01',
        endDate: '2026-10-01',
      })
      .returning();
    return row.id;
  };
  const event = { title: 'Matrix event', all_day: true, start: '2026-10-02', end: '2026-10-02' };
  return {
    'GET /api/calendar/events/': {
      build: () => ({ method: 'GET', url: '/api/calendar/events/?from=2026-10-01&to=2026-10-31' }),
      own: all(200),
    },
    'POST /api/calendar/events/': {
      build: () => ({ method: 'POST', url: '/api/calendar/events/', payload: event }),
      own: admins(201, 403),
    },
    'PUT /api/calendar/events/:id/': {
      build: async (s) => ({ method: 'PUT', url: `/api/calendar/events/${await eventOf(s)}/`, payload: event }),
      own: admins(200, 403),
      other: all(404),
    },
    'DELETE /api/calendar/events/:id/': {
      build: async (s) => ({ method: 'DELETE', url: `/api/calendar/events/${await eventOf(s)}/` }),
      own: admins(204, 403),
      other: all(404),
    },
    'GET /api/calendar/feed/': { build: () => ({ method: 'GET', url: '/api/calendar/feed/' }), own: all(200) },
    'POST /api/calendar/feed/reset/': {
      build: () => ({ method: 'POST', url: '/api/calendar/feed/reset/' }),
      own: all(200),
    },
    'GET /api/pages/life-impact/': { build: () => ({ method: 'GET', url: '/api/pages/life-impact/' }), own: all(200) },
    'PUT /api/pages/life-impact/': {
      build: () => ({ method: 'PUT', url: '/api/pages/life-impact/', payload: { content: `<p>${Math.random()}</p>` } }),
      own: admins(200, 403),
    },
    'GET /api/portal_settings/': { build: () => ({ method: 'GET', url: '/api/portal_settings/' }), own: all(200) },
    'PUT /api/portal_settings/': {
      build: () => ({
        method: 'PUT',
        url: '/api/portal_settings/',
        payload: { switched_off: [], coming_soon_message: `${Math.random()}` },
      }),
      own: admins(200, 403),
    },
  };
}

/**
 * The client document vault: who reaches a client is the onboarding scope. The client
 * and their advisor upload and download; the firm's administrators (a super admin, any firm) only read;
 * the rest of the staff have no vault (403); a client out of reach is absent (404). A document is
 * removed by its uploader alone. Targets: a client of the advisor in the caller's firm, a client of
 * another firm, the caller's own vault (only a client has one).
 */
function vaultCases(): Record<string, Case> {
  const clientOf = (s: Target, role: Caller) =>
    s === 'self' ? ids[callerOf(role)] : requestFixtures[s === 'other' ? 'other' : 'own'].client;
  /** A fresh document in the target's vault, uploaded by its advisor (by the client, in their own). */
  const documentIn = async (s: Target) => {
    const [client, headers] =
      s === 'self'
        ? [ids.client, sessions.client.bearer]
        : [
            requestFixtures[s === 'other' ? 'other' : 'own'].client,
            requestFixtures[s === 'other' ? 'other' : 'own'].advisor,
          ];
    const res = await uploadDocument(t, headers, { client: String(client) }, statementPdf('matrix'));
    expect(res.statusCode).toBe(201);
    return json<{ id: number }>(res).id;
  };
  const shared: Partial<Record<Target, number>> = {};
  const sharedDocument = async (s: Target) => {
    shared[s] ??= await documentIn(s);
    return shared[s];
  };
  const noVault = (overrides: Partial<Expect>): Expect => ({ ...all(403), ...overrides });
  return {
    'GET /api/client_documents/': {
      build: (s, role) => ({ method: 'GET', url: `/api/client_documents/?client=${clientOf(s, role)}` }),
      own: noVault({ superAdmin: 200, firmAdmin: 200, advisor: 200, client: 404 }),
      other: noVault({ superAdmin: 200, firmAdmin: 404, advisor: 404, client: 404 }),
      self: noVault({ superAdmin: 404, firmAdmin: 404, advisor: 404, client: 200 }),
    },
    'POST /api/client_documents/': {
      build: async (s, role) => {
        const body = multipartOf({ client: String(clientOf(s, role)) }, [statementPdf('matrix upload')]);
        return { method: 'POST', url: '/api/client_documents/', headers: body.headers, payload: body.payload };
      },
      // Only clients and advisors upload: anyone else is refused before the body is read, whatever the target.
      own: noVault({ superAdmin: 403, firmAdmin: 403, advisor: 201, client: 404 }),
      other: noVault({ superAdmin: 403, firmAdmin: 403, advisor: 404, client: 404 }),
      self: noVault({ superAdmin: 403, firmAdmin: 403, advisor: 404, client: 201 }),
    },
    'GET /api/client_documents/:id/download/': {
      build: async (s) => ({ method: 'GET', url: `/api/client_documents/${await sharedDocument(s)}/download/` }),
      own: noVault({ superAdmin: 200, firmAdmin: 200, advisor: 200, client: 404 }),
      other: noVault({ superAdmin: 200, firmAdmin: 404, advisor: 404, client: 404 }),
      self: noVault({ superAdmin: 200, firmAdmin: 200, advisor: 404, client: 200 }),
    },
    'DELETE /api/client_documents/:id/': {
      build: async (s) => ({ method: 'DELETE', url: `/api/client_documents/${await documentIn(s)}/` }),
      own: noVault({ superAdmin: 403, firmAdmin: 403, advisor: 204, client: 404 }),
      other: noVault({ superAdmin: 403, firmAdmin: 404, advisor: 404, client: 404 }),
      self: noVault({ superAdmin: 403, firmAdmin: 403, advisor: 404, client: 204 }),
    },
  };
}

/**
 * A firm's configured links: everyone reads their own firm's (the menus: `self`, no firm named); a
 * firm's administrators (a super admin, every firm's) list, add, change and remove them.
 */
function firmLinkCases(): Record<string, Case> {
  let n = 0;
  const firmOf = (s: Target) => firms[s === 'other' ? 'other' : 'own'].id;
  const linkIn = async (s: Target) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/firm_links/',
      headers: sessions.superAdmin.bearer,
      payload: {
        firm: firmOf(s),
        kind: 'portfolio',
        label: `Matrix link ${++n}`,
        url: 'https://portfolio.example.com',
      },
    });
    expect(res.statusCode).toBe(201);
    return json<{ id: number }>(res).id;
  };
  const keepers = (ok: number, others: number): Expect => ({ ...all(others), superAdmin: ok, firmAdmin: ok });
  const otherFirm = (ok: number): Expect => ({ ...all(404), superAdmin: ok, superCco: 403 });
  return {
    'GET /api/firm_links/': {
      build: (s) => ({ method: 'GET', url: s === 'self' ? '/api/firm_links/' : `/api/firm_links/?firm=${firmOf(s)}` }),
      own: keepers(200, 403),
      other: otherFirm(200),
      self: all(200),
    },
    'POST /api/firm_links/': {
      build: (s) => ({
        method: 'POST',
        url: '/api/firm_links/',
        payload: {
          firm: firmOf(s),
          kind: 'financial_planning',
          label: `Matrix plan ${++n}`,
          url: 'https://plan.example.com',
        },
      }),
      own: keepers(201, 403),
      other: otherFirm(201),
    },
    'PUT /api/firm_links/:id/': {
      build: async (s) => ({
        method: 'PUT',
        url: `/api/firm_links/${await linkIn(s)}/`,
        payload: { kind: 'portfolio', label: `Matrix renamed ${++n}`, url: 'https://portfolio.example.com/sso' },
      }),
      own: keepers(200, 403),
      other: otherFirm(200),
    },
    'DELETE /api/firm_links/:id/': {
      build: async (s) => ({ method: 'DELETE', url: `/api/firm_links/${await linkIn(s)}/` }),
      own: keepers(204, 403),
      other: otherFirm(204),
    },
  };
}

/**
 * Single sign-on: a firm's service providers are kept by its administrators (a super admin
 * any firm's); a sign-on reaches only the caller's own firm's providers, for its staff.
 */
function ssoCases(): Record<string, Case> {
  let n = 0;
  const firmOf = (s: Target) => firms[s === 'other' ? 'other' : 'own'].id;
  const body = () => ({
    key: `matrix-${++n}`,
    label: `Matrix system ${n}`,
    entity_id: `https://sp${n}.example.com`,
    acs_url: `https://sp${n}.example.com/acs`,
    certificate: testSigningPair().cert,
    attributes: ['email'],
  });
  const providerIn = async (s: Target) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sso/service_providers/',
      headers: sessions.superAdmin.bearer,
      payload: { firm: firmOf(s), ...body() },
    });
    expect(res.statusCode).toBe(201);
    return json<{ id: number; key: string }>(res);
  };
  const keepers = (ok: number, others: number): Expect => ({ ...all(others), superAdmin: ok, firmAdmin: ok });
  const otherFirm = (ok: number): Expect => ({ ...all(404), superAdmin: ok, superCco: 403 });
  const one = (method: Req['method'], ok: number, payload?: () => unknown): Case => ({
    build: async (s) => ({
      method,
      url: `/api/sso/service_providers/${(await providerIn(s)).id}/`,
      payload: payload?.(),
    }),
    own: keepers(ok, 403),
    other: otherFirm(ok),
  });
  return {
    'GET /api/sso/init/': {
      build: async (s) => ({ method: 'GET', url: `/api/sso/init/?sp=${(await providerIn(s)).key}` }),
      own: staffAll(200),
      other: all(404),
    },
    'GET /api/sso/service_providers/': {
      build: (s) => ({ method: 'GET', url: `/api/sso/service_providers/?firm=${firmOf(s)}` }),
      own: keepers(200, 403),
      other: otherFirm(200),
    },
    'POST /api/sso/service_providers/': {
      build: (s) => ({ method: 'POST', url: '/api/sso/service_providers/', payload: { firm: firmOf(s), ...body() } }),
      own: keepers(201, 403),
      other: otherFirm(201),
    },
    'GET /api/sso/service_providers/:id/': one('GET', 200),
    'PUT /api/sso/service_providers/:id/': one('PUT', 200, body),
    'DELETE /api/sso/service_providers/:id/': one('DELETE', 204),
  };
}

/**
 * Support cases: every staff member opens cases and works on their own (a client has none: 403); the
 * firm's handlers (its administrators and named handlers) and a super admin work on every case of the
 * firm (a super admin: of every firm) and alone set the status. A colleague's case, another firm's: 404.
 * Each call targets a fresh case: a colleague's, one of firm B, or the caller's own.
 */
function supportCases(): Record<string, Case> {
  const submitters: Partial<Record<'own' | 'other', Record<string, string>>> = {};
  const submitterOf = async (side: 'own' | 'other') => {
    if (!submitters[side]) {
      const u = await createUser(t.deps.db, {
        profile: { firmId: firms[side].id, profileType: ProfileType.StandardUser },
      });
      submitters[side] = (await signIn(u.email)).bearer;
    }
    return submitters[side];
  };
  const form = { Subject: 'Matrix case', Category__c: 'Technology', Priority: 'Low' };
  /** A fresh case of the target: a colleague's, firm B's, or the caller's own (a client's: a colleague's). */
  const caseOf = async (s: Target, role: Caller) => {
    const headers =
      s === 'self' && role !== 'client'
        ? sessions[callerOf(role)].bearer
        : await submitterOf(s === 'other' ? 'other' : 'own');
    const res = await t.app.inject({ method: 'POST', url: '/api/support_tickets/', headers, payload: form });
    expect(res.statusCode).toBe(201);
    return json<Record<string, unknown> & { Id: number }>(res);
  };
  const handlers = (ok: number, others: number): Expect => ({
    ...all(others),
    superAdmin: ok,
    firmAdmin: ok,
    handler: ok,
    client: 403,
  });
  const otherFirm = (ok: number): Expect => ({ ...all(404), superAdmin: ok, client: 403 });
  const one = (
    method: Req['method'],
    path: string,
    ok: number,
    payload?: (c: Record<string, unknown>) => unknown,
  ): Case => ({
    build: async (s, role) => {
      const c = await caseOf(s, role);
      return { method, url: `/api/support_tickets/${c.Id}/${path}`, payload: payload?.(c) };
    },
    own: handlers(ok, 404),
    other: otherFirm(ok),
    self: staffAll(ok),
  });
  return {
    'GET /api/support_tickets/': { build: () => ({ method: 'GET', url: '/api/support_tickets/' }), own: staffAll(200) },
    'POST /api/support_tickets/': {
      build: () => ({ method: 'POST', url: '/api/support_tickets/', payload: form }),
      own: staffAll(201),
    },
    'GET /api/support_tickets/:id/': one('GET', '', 200),
    'PUT /api/support_tickets/:id/': {
      // The status is the handlers': on their own case a staff member's status change is refused.
      ...one('PUT', '', 200, (c) => ({ ...c, Subject: 'Matrix case (edited)', Status: 'In Progress' })),
      self: handlers(200, 403),
    },
    'GET /api/support_tickets/:id/replies/': one('GET', 'replies/', 200),
    'POST /api/support_tickets/:id/replies/': one('POST', 'replies/', 201, () => ({ CommentBody: 'Matrix reply' })),
  };
}

/**
 * The audit trail: a firm's CCOs and administrators read its events, super accounts every
 * firm's; the CSV the same (another firm's, for a firm reader, is an empty export: 404); the chain's
 * check for super administrators and CCOs.
 */
function auditTrailCases(): Record<string, Case> {
  const firmOf = (s: Target) => firms[s === 'other' ? 'other' : 'own'].id;
  const readers = (ok: number): Expect => ({ ...all(403), superAdmin: ok, firmAdmin: ok, cco: ok, superCco: ok });
  /** An event of the target's firm, so that its export has something to answer. */
  const eventOf = (s: Target) =>
    writeAudited(t.deps.db, { actorId: null, requestId: 'matrix' }, async (_tx, record) =>
      record({ action: 'update', entity: 'matrix' as AuditEntity, entityId: 1, firmId: firmOf(s) }),
    );
  return {
    'GET /api/audit_events/': {
      build: (s) => ({ method: 'GET', url: `/api/audit_events/?firm=${firmOf(s)}` }),
      own: readers(200),
      // Another firm's filter finds nothing in a firm reader's scope: an empty page, as any list.
      other: readers(200),
    },
    'GET /api/audit_events/export/': {
      build: async (s) => {
        await eventOf(s);
        return { method: 'GET', url: `/api/audit_events/export/?firm=${firmOf(s)}` };
      },
      own: readers(200),
      other: { ...readers(200), firmAdmin: 404, cco: 404 },
    },
    'GET /api/audit_events/verify/': {
      build: () => ({ method: 'GET', url: '/api/audit_events/verify/' }),
      own: { ...all(403), superAdmin: 200, cco: 200, superCco: 200 },
    },
  };
}

beforeAll(async () => {
  t = await buildTestApp({ metricsToken: METRICS_TOKEN });
  firms.own = await createFirm(t.deps.db, { name: 'Own Firm', firmTk: 9001 });
  firms.other = await createFirm(t.deps.db, { name: 'Other Firm', firmTk: 9002 });
  const own = firms.own.id;
  const people: Record<Role, Parameters<typeof createUser>[1]> = {
    superAdmin: { profile: { firmId: own, profileType: ProfileType.Administrator, isSuperAdmin: true } },
    firmAdmin: { profile: { firmId: own, profileType: ProfileType.Administrator } },
    advisor: { profile: { firmId: own, profileType: ProfileType.FinancialAdvisor } },
    staff: { profile: { firmId: own, profileType: ProfileType.StandardUser } },
    client: { profile: { firmId: own, profileType: ProfileType.Client } },
    cco: { profile: { firmId: own, profileType: ProfileType.StandardUser, isCco: true } },
    superCco: { profile: { firmId: own, profileType: ProfileType.StandardUser, isCco: true, isSuperCco: true } },
    investments: { profile: { firmId: own, profileType: ProfileType.StandardUser, isInvestmentsUser: true } },
    manager: { profile: { firmId: own, profileType: ProfileType.Manager, isManager: true } },
    handler: { profile: { firmId: own, profileType: ProfileType.StandardUser, isSupportHandler: true } },
  };
  for (const role of SIGNED_IN) {
    const u = await createUser(t.deps.db, people[role]);
    ids[role] = u.id;
    emails[role] = u.email;
    sessions[role] = await signIn(u.email);
  }
  ids.staffColleague = (
    await createUser(t.deps.db, { profile: { firmId: own, profileType: ProfileType.StandardUser } })
  ).id;
  ids.otherStaff = (
    await createUser(t.deps.db, { profile: { firmId: firms.other.id, profileType: ProfileType.StandardUser } })
  ).id;
  for (const who of ['staffColleague', 'otherStaff'] as const) {
    rosterEntry[who] = (await addToRoster(t.deps.db, ids[who])).id;
    await createAttestation(t.deps.db, { ownerId: ids[who], firmId: who === 'otherStaff' ? firms.other.id : own });
  }
  for (const role of SIGNED_IN.filter((r) => r !== 'client')) {
    rosterEntry[role] = (await addToRoster(t.deps.db, ids[role])).id;
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/quarterly_attestations/',
      headers: sessions[role].bearer,
      payload: attestationForm,
    });
    ownAttestation[role] = json<{ Id: number }>(filed).Id;
  }
  for (const side of ['own', 'other'] as const) {
    const firmId = firms[side].id;
    const otherAdvisor =
      side === 'other' &&
      (await createUser(t.deps.db, { profile: { firmId, profileType: ProfileType.FinancialAdvisor } }));
    const advisor = otherAdvisor ? otherAdvisor.id : ids.advisor;
    const advisorSession = otherAdvisor ? (await signIn(otherAdvisor.email)).bearer : sessions.advisor.bearer;
    const client = await createUser(t.deps.db, {
      advisorId: advisor,
      profile: { firmId, profileType: ProfileType.Client },
    });
    // A model and a fee schedule the firm offers (what its advisors may pick).
    const entry = async (path: string, offers: string, key: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${path}/`,
        headers: sessions.superAdmin.bearer,
        payload: { name: `Matrix ${path}`, firm: firmId },
      });
      const id = json<{ id: number }>(res).id;
      const offered = await t.app.inject({
        method: 'POST',
        url: `/api/${offers}/`,
        headers: sessions.superAdmin.bearer,
        payload: { firm: firmId, [key]: id },
      });
      expect(offered.statusCode).toBe(201);
      return id;
    };
    requestFixtures[side] = {
      advisor: advisorSession,
      advisorId: advisor,
      client: client.id,
      model: await entry('investment_models', 'firm_models', 'investment_model'),
      feeSchedule: await entry('fee_schedules', 'firm_fee_schedules', 'fee_schedule'),
    };
  }
  for (const kind of ['adv_2a', 'crs'])
    await t.app.inject({
      method: 'POST',
      url: `/api/disclosure_documents/?firm=${own}&kind=${kind}&effective_date=2020-01-01`,
      headers: { ...sessions.superAdmin.bearer, 'content-type': 'application/pdf' },
      payload: MATRIX_PDF,
    });
  const superHeaders = { ...sessions.superAdmin.bearer, 'content-type': 'image/png' };
  for (const f of Object.values(firms))
    await t.app.inject({ method: 'PUT', url: `/api/firms/${f.id}/logo/`, headers: superHeaders, payload: PNG });
});
afterAll(() => t.close());

async function auditEventsOf(requestId: string) {
  const [{ n }] = await t.deps.db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.requestId, requestId)));
  return n;
}

describe('the authorization matrix', () => {
  it('covers every route of the server, and no route is public but the listed ones', async () => {
    const missing = t.routes.filter((r) => !PUBLIC.has(r) && !(r in matrix));
    expect(missing).toEqual([]);
    for (const r of t.routes.filter((x) => !PUBLIC.has(x))) {
      const [method, path] = r.split(' ');
      const url = path.replace(/:\w+/g, '1').replace('*', 'index.css');
      const res = await t.app.inject({
        method: method as Req['method'],
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(`${r} → ${res.statusCode}`).toBe(`${r} → 401`);
    }
  });

  for (const [route, c] of Object.entries(matrix)) {
    for (const target of ['own', 'other', 'self'] as Target[]) {
      const expected = c[target === 'own' ? 'own' : target];
      if (!expected) continue;
      for (const via of ['bearer', 'cookie'] as Via[]) {
        it(`${route} (${target}, ${via})`, async () => {
          const got: Record<string, number> = {};
          for (const role of [...SIGNED_IN, 'signedOut'] as Caller[]) {
            const req = await c.build(target, role);
            const auth =
              role === 'signedOut' ? {} : req.freshSession ? (await signIn(emails[role]))[via] : sessions[role][via];
            const res = await t.app.inject({
              method: req.method,
              url: req.url,
              payload: req.payload as string,
              headers: { ...auth, ...req.headers },
            });
            got[role] = res.statusCode;
            // A refusal says why and nothing more (a 403 may put that same sentence on the field it concerns).
            if (res.statusCode === 404 || res.statusCode === 403) {
              const { detail, fields, ...rest } = json<{ detail: string; fields?: Record<string, string> }>(res);
              expect(rest).toEqual({});
              expect(typeof detail).toBe('string');
              if (res.statusCode === 404) expect(fields).toBeUndefined();
              for (const message of Object.values(fields ?? {})) expect(message).toBe(detail);
            }
            if (req.method !== 'GET' && res.statusCode < 300) {
              const events = await auditEventsOf(String(res.headers['x-request-id']));
              expect(events, `${role}: ${route} succeeded without an audit event`).toBeGreaterThan(0);
            }
          }
          expect(got).toEqual({ ...expected, signedOut: 401 });
        });
      }
    }
  }

  it("lets the operator's token alone read the metrics", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it("never lists another firm's people or firm to anyone but a super admin", async () => {
    for (const role of SIGNED_IN.filter((r) => r !== 'superAdmin')) {
      const headers = sessions[role].bearer;
      for (const url of [
        '/api/users/',
        '/api/users/filter/',
        `/api/users/filter/?firm=${firms.other.id}`,
        '/api/users/firm_users/',
        '/api/users/firm_advisor_clients/',
      ]) {
        const body = json<{ results: { profile: { _firm: number } }[] }>(await t.app.inject({ url, headers }));
        expect(
          body.results.every((u) => u.profile._firm === firms.own.id),
          `${role} ${url}`,
        ).toBe(true);
      }
      if (role === 'superCco') continue; // a super CCO filters attestations by every firm
      const firmList = json<{ results: { id: number }[] }>(await t.app.inject({ url: '/api/firms/', headers }));
      expect(firmList.results.map((f) => f.id)).toEqual([firms.own.id]);
    }
  });
});
