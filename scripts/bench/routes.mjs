// The rows of `npm run bench`: one object per route. Every paged list of the API has a row
// (bench-coverage.test.ts in apps/server reads the OpenAPI document and fails on a list without one).
//   name      the row's label
//   path      requested with GET (querystring included); or a function of the sizes { users, firms, roster, strategies, supportCases }
//   as        null (no sign-in), 'super' (the super administrator) or 'admin' (an administrator of firm 1)
//   baseline  the row every other row's throughput is compared with (exactly one)
//   target    what the row is held to at the most connections: 'list' (a list or a search), 'write', or
//             { ofBaseline: percent } (its throughput as a share of the baseline's); see TARGETS
//   check     optional: given the parsed JSON body of one request and the sizes, returns a problem (string) or nothing

/** The p99 a list or a write must stay under, per database, at the most connections (milliseconds). */
export const TARGETS = {
  list: { postgres: 50, pglite: 150 },
  write: { postgres: 100, pglite: 300 },
};

export const routes = [
  { name: 'GET /api/health', path: '/api/health', as: null, baseline: true },
  { name: 'GET /api/auth/user/', path: '/api/auth/user/', as: 'super', target: { ofBaseline: 50 } },
  {
    name: 'users list, 50 by name',
    target: 'list',
    path: '/api/users/filter/?ordering=last_name&page_size=50',
    as: 'super',
    check: (body) => (body.results?.length === 50 ? undefined : `expected 50 results, got ${body.results?.length}`),
  },
  {
    name: 'users search load12',
    target: 'list',
    path: '/api/users/filter/?search=load12',
    as: 'super',
    // Load12, Load120-129, Load1200-1299 (with 10,000 users).
    check: (body, { users }) =>
      users !== 10_000 || body.count === 111 ? undefined : `expected 111 matches, got ${body.count}`,
  },
  // The CCO's manager: firm 1's attestations of one quarter (500 of 100,000), by name, a page of 50.
  {
    name: 'attestations list, firm + quarter',
    target: 'list',
    path: '/api/quarterly_attestations/?firm=1&fiscalYear=2026&fiscalQuarter=2&ordering=Name&page_size=50',
    as: 'admin',
    check: (body) =>
      body.results?.length === 50 && body.results.every((r) => r.Firm_Tk__c === 1)
        ? undefined
        : `expected 50 of firm 1, got ${body.results?.length}`,
  },
  {
    name: 'attestations search load12',
    target: 'list',
    path: '/api/quarterly_attestations/?firm=1&search=load12&page_size=50',
    as: 'admin',
    // Firm 1 holds Load121, Load1201, 1221, 1241, 1261 and 1281: a dozen quarters each.
    check: (body) => (body.count >= 60 ? undefined : `expected at least 60 matches, got ${body.count}`),
  },
  // The CCO's "who has not attested": the roster firm (after the 20 others) for the period being filed,
  // most urgent first, a page of 50 with each firm's summary.
  {
    name: 'attestation status, firm of 2,000',
    target: 'list',
    path: ({ firms }) => `/api/attestation_submission_status/${firms + 1}/firm/?page_size=50`,
    as: 'super',
    check: (body, { roster }) =>
      body.results?.length === 50 && body.summary?.[0]?.total === roster
        ? undefined
        : `expected 50 rows of a roster of ${roster}, got ${body.results?.length} of ${body.summary?.[0]?.total}`,
  },
  // The investment department's list: firm 1's strategies (BENCH_STRATEGIES, 50,000), newest first, a page of 50.
  {
    name: 'strategies list, firm of 50,000',
    target: 'list',
    path: '/api/investment_strategies/?firm=1&page_size=50',
    as: 'admin',
    check: (body, { strategies }) =>
      body.results?.length === 50 && body.count === strategies && body.results.every((r) => r.Firm_Tk__c === 1)
        ? undefined
        : `expected 50 of ${strategies} of firm 1, got ${body.results?.length} of ${body.count}`,
  },
  {
    name: 'strategies search account 123',
    target: 'list',
    path: '/api/investment_strategies/?firm=1&search=account%20123&page_size=50',
    as: 'admin',
    // Load account 123, 1230-1239 and 12300-12399 (with 50,000 strategies).
    check: (body, { strategies }) =>
      strategies !== 50_000 || body.count === 111 ? undefined : `expected 111 matches, got ${body.count}`,
  },
  // The staff directory: firm 1's staff (500 of 10,000 people), by last name, a page of 50.
  {
    name: 'employees list, firm of 500',
    target: 'list',
    path: '/api/employees/?firm=1&page_size=50',
    as: 'super',
    check: (body) => (body.results?.length === 50 ? undefined : `expected 50 results, got ${body.results?.length}`),
  },
  {
    name: 'employees search load12',
    target: 'list',
    path: '/api/employees/?firm=1&search=load12&page_size=50',
    as: 'super',
    // Firm 1 (every 20th person from Load1) holds Load121, Load1201, 1221, 1241, 1261 and 1281.
    check: (body, { users, firms }) =>
      users !== 10_000 || firms !== 20 || body.count === 6 ? undefined : `expected 6 matches, got ${body.count}`,
  },
  // The support handlers' list: firm 1's cases (BENCH_SUPPORT_CASES, 50,000), newest first, a page
  // of 50; the administrator of firm 1 handles them all.
  {
    name: 'support cases list, firm of 50,000',
    target: 'list',
    path: '/api/support_tickets/?page_size=50',
    as: 'admin',
    check: (body, { supportCases }) =>
      body.results?.length === 50 && body.count === supportCases
        ? undefined
        : `expected 50 of ${supportCases}, got ${body.results?.length} of ${body.count}`,
  },
  {
    name: 'support cases search case 123',
    target: 'list',
    path: '/api/support_tickets/?search=case%20123&page_size=50',
    as: 'admin',
    // Load case 123, 1230-1239 and 12300-12399 (with 50,000 cases).
    check: (body, { supportCases }) =>
      supportCases !== 50_000 || body.count === 111 ? undefined : `expected 111 matches, got ${body.count}`,
  },
  // Training resources: firm 1's Compliance list, and who on its staff (400 of 10,000
  // people) has not acknowledged its code of ethics, a page of 50 by last name.
  {
    name: 'resources list, compliance',
    target: 'list',
    path: '/api/resources/?category=compliance',
    as: 'admin',
    check: (body) => (body.count === 1 ? undefined : `expected the code of ethics, got ${body.count}`),
  },
  {
    name: 'acknowledgements pending, firm of 500',
    target: 'list',
    path: '/api/resources/1/acknowledgements/?page_size=50',
    as: 'admin',
    check: (body) => (body.results?.length === 50 ? undefined : `expected 50 results, got ${body.results?.length}`),
  },
  // The audit trail: BENCH_AUDIT_EVENTS events (200,000) over the firms on top of the seed's
  // own. Firm 1's newest 50 as its administrator (a CCO too) reads them, and a narrow filter over every
  // firm as the super administrator.
  {
    name: 'audit trail, firm 1, newest 50',
    target: 'list',
    path: '/api/audit_events/?page_size=50',
    as: 'admin',
    check: (body) =>
      body.results?.length === 50 && body.results.every((e) => e.firm_id === body.results[0].firm_id)
        ? undefined
        : `expected 50 events of one firm, got ${body.results?.length}`,
  },
  {
    name: 'audit trail, entity + action + actor',
    target: 'list',
    path: '/api/audit_events/?entity=attestation&action=review&actor=1&page_size=50',
    as: 'super',
    check: (body) => (Array.isArray(body.results) ? undefined : 'expected a page'),
  },
  // A write (each request opens a support case): what every write pays for its audit event, hash chain
  // included (the chain's lock is held from the event's insert to the commit).
  {
    name: 'support case POST (write)',
    target: 'write',
    method: 'POST',
    status: 201,
    path: '/api/support_tickets/',
    body: { Subject: 'Bench case', Category__c: 'Technology', Priority: 'Low' },
    as: 'admin',
    check: (body) => (body.CaseNumber ? undefined : 'expected the new case'),
  },
];
