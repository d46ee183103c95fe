// The rows of `npm run bench`: one object per route. Every paged list of the API has a row
// (bench-coverage.test.ts in apps/server reads the OpenAPI document and fails on a list without one).
//   name      the row's label
//   path      requested with GET (querystring included); or a function of the sizes { users, firms, roster, strategies, supportCases }
//   as        null (no sign-in), 'super' (the super administrator), 'admin' (an administrator of firm 1) or
//             'advisor' (firm 1's first advisor, Load1)
//   method, status, body  a write: its method, the status it answers, its JSON body
//   setup     optional: (api, sizes) => what the row's requests need, read or made through the API as `as`
//   each      optional: (i, what setup gave) => { path, body } of the i-th request (a write that cannot be
//             repeated as is: a status move takes another record each time)
//   baseline  the row every other row's throughput is compared with (exactly one)
//   target    what the row is held to at the most connections: 'list' (a list or a search), 'write', or
//             { ofBaseline: percent } (its throughput as a share of the baseline's); see TARGETS
//   check     optional: given the parsed JSON body of one request and the sizes, returns a problem (string) or nothing

/** The p99 a list or a write must stay under, per database, at the most connections (milliseconds). */
export const TARGETS = {
  list: { postgres: 50, pglite: 150 },
  write: { postgres: 100, pglite: 300 },
};

/** At ten times the volumes (BENCH_SCALE=10 and more) a list on PostgreSQL must stay under 100 ms. */
export const TENFOLD_TARGETS = { list: { postgres: 100 } };

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
    // The code of ethics and the library's compliance fifth (bench-resources.ts).
    check: (body, { scale }) =>
      body.count === 1 + 200 * scale ? undefined : `expected ${1 + 200 * scale} documents, got ${body.count}`,
  },
  {
    name: 'acknowledgements pending, firm of 500',
    target: 'list',
    path: '/api/resources/1/acknowledgements/?page_size=50',
    as: 'admin',
    check: (body) => (body.results?.length === 50 ? undefined : `expected 50 results, got ${body.results?.length}`),
  },
  // The people and the firms, as the super administrator and firm 1's administrator keep them.
  {
    name: 'users, whole records, 50 by name',
    target: 'list',
    path: '/api/users/?page_size=50',
    as: 'super',
    check: (body, { users }) =>
      body.results?.length === 50 && body.count >= users
        ? undefined
        : `expected 50 of at least ${users}, got ${body.results?.length} of ${body.count}`,
  },
  // Firm 1's people (500 staff and the advisor's clients) on the administrator's users screen.
  {
    name: 'firm users, firm 1',
    target: 'list',
    path: '/api/users/firm_users/?page_size=50',
    as: 'admin',
    check: (body, { users, firms }) =>
      body.results?.length === 50 && body.count >= users / firms
        ? undefined
        : `expected 50 of at least ${users / firms}, got ${body.results?.length} of ${body.count}`,
  },
  // An advisor's book: the 150 clients of firm 1's first advisor, Load1 (the third account made).
  {
    name: 'advisor clients, 150 of Load1',
    target: 'list',
    path: '/api/users/firm_advisor_clients/?user=3&page_size=50',
    as: 'admin',
    check: (body, { scale }) =>
      body.results?.length === 50 && body.count >= 150 * scale
        ? undefined
        : `expected 50 of at least ${150 * scale} clients, got ${body.results?.length} of ${body.count}`,
  },
  {
    name: 'firms list',
    target: 'list',
    path: '/api/firms/?page_size=50',
    as: 'super',
    // The bench's firms and the roster firm.
    check: (body, { firms, roster }) => {
      const expected = firms + (roster > 0 ? 1 : 0);
      return body.count === expected ? undefined : `expected ${expected} firms, got ${body.count}`;
    },
  },
  // Settings → Sessions: the administrator's live sessions among 2,000 ended ones; the bench's own is
  // the one last used, so it comes first.
  {
    name: 'sessions, own, of 2,000',
    target: 'list',
    path: '/api/auth/sessions/?page_size=50',
    as: 'admin',
    check: (body) =>
      body.results?.[0]?.current === true && body.results.length === Math.min(body.count, 50)
        ? undefined
        : `expected the current session first, got ${body.results?.length} of ${body.count}`,
  },
  // Firm 1's setup screens: its SSO service providers and its links (bench-firm-setup.ts).
  {
    name: 'SSO providers, firm 1',
    target: 'list',
    path: '/api/sso/service_providers/?firm=1&page_size=50',
    as: 'admin',
    check: (body, { scale }) =>
      body.count === 3 * scale && body.results?.every((p) => p.firm === 1)
        ? undefined
        : `expected ${3 * scale} providers of firm 1, got ${body.count}`,
  },
  {
    name: 'firm links, firm 1',
    target: 'list',
    path: '/api/firm_links/?firm=1&page_size=50',
    as: 'admin',
    check: (body, { scale }) =>
      body.count === 30 * scale && body.results?.length === Math.min(30 * scale, 50)
        ? undefined
        : `expected ${30 * scale} links, got ${body.results?.length} of ${body.count}`,
  },
  // A firm's and a person's attestations (every quarter), with and without the trailing slash: the
  // CCO's firm view, a page of 50 of firm 1's 5,000, and one person's history (Load1's dozen quarters).
  {
    name: 'attestations of firm 1',
    target: 'list',
    path: '/api/quarterly_attestations/1/firm/?page_size=50',
    as: 'admin',
    check: (body) =>
      body.results?.length === 50 && body.results.every((r) => r.Firm_Tk__c === 1)
        ? undefined
        : `expected 50 of firm 1, got ${body.results?.length}`,
  },
  {
    name: 'attestations of firm 1, by name (no slash)',
    target: 'list',
    path: '/api/quarterly_attestations/1/firm?ordering=Name&page_size=50',
    as: 'admin',
    check: (body) =>
      body.results?.length === 50 && body.results.every((r) => r.Firm_Tk__c === 1)
        ? undefined
        : `expected 50 of firm 1, got ${body.results?.length}`,
  },
  {
    name: 'attestations of a person',
    target: 'list',
    path: '/api/quarterly_attestations/3/user/',
    as: 'admin',
    // The staff (8,000 of 10,000 people) file in turn, newest quarter first, until 100,000 are filed.
    check: (body) =>
      body.count >= 10 && body.results?.length >= 10 ? undefined : `expected Load1's quarters, got ${body.count}`,
  },
  {
    name: 'attestations of a person (no slash)',
    target: 'list',
    path: '/api/quarterly_attestations/3/user?page_size=5',
    as: 'admin',
    check: (body) => (body.results?.length === 5 ? undefined : `expected 5 results, got ${body.results?.length}`),
  },
  // The rosters: every firm's supervised persons as the super administrator sees them, the roster
  // firm's, and the standing of every roster for the period being filed.
  {
    name: 'supervised persons, every firm',
    target: 'list',
    path: '/api/supervised_persons/?page_size=50',
    as: 'super',
    check: (body, { roster }) =>
      body.results?.length === Math.min(roster, 50) && body.count >= roster
        ? undefined
        : `expected 50 of at least ${roster}, got ${body.results?.length} of ${body.count}`,
  },
  {
    name: 'supervised persons, firm of 2,000',
    target: 'list',
    path: ({ firms }) => `/api/supervised_persons/${firms + 1}/firm/?page_size=50`,
    as: 'super',
    check: (body, { roster }) =>
      body.results?.length === Math.min(roster, 50) && body.count === roster
        ? undefined
        : `expected 50 of ${roster}, got ${body.results?.length} of ${body.count}`,
  },
  {
    name: 'attestation status, every firm',
    target: 'list',
    path: '/api/attestation_submission_status/?page_size=50',
    as: 'super',
    check: (body, { roster }) => {
      const total = (body.summary ?? []).reduce((n, s) => n + s.total, 0);
      return body.results?.length === Math.min(roster, 50) && total >= roster
        ? undefined
        : `expected 50 rows of at least ${roster} people, got ${body.results?.length} of ${total}`;
    },
  },
  // A resource's history: the library's first document, in its twentieth version, with how many
  // acknowledged each (bench-resources.ts).
  {
    name: 'resource versions, 20',
    target: 'list',
    path: '/api/resources/2/versions/?page_size=50',
    as: 'admin',
    check: (body) =>
      body.count === 20 && body.results?.[0]?.version === 20
        ? undefined
        : `expected 20 versions, newest first, got ${body.count}`,
  },
  // A support case's conversation: firm 1's first case, 50 replies (bench-support-replies.ts).
  {
    name: 'support case replies, 50',
    target: 'list',
    path: '/api/support_tickets/1/replies/?page_size=50',
    as: 'admin',
    check: (body) =>
      body.count === 50 && body.results?.length === 50
        ? undefined
        : `expected 50 replies, got ${body.results?.length} of ${body.count}`,
  },
  // The calendar's six-week grid around today: firm 1's events (2,000 over two years, about 115 in the
  // grid) and its compliance deadlines. Not a paged list: the range is the bound.
  {
    name: 'calendar, six weeks of firm 1',
    target: 'list',
    path: () => {
      const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      return `/api/calendar/events/?from=${day(-14)}&to=${day(27)}`;
    },
    as: 'admin',
    check: (body, { scale }) =>
      body.events?.length >= 100 * scale && Array.isArray(body.deadlines)
        ? undefined
        : `expected at least ${100 * scale} events, got ${body.events?.length}`,
  },
  // The staff directory's entries (bench-accounts.ts) are read by the employees rows above.
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
  // An advisor files a strategy (Load1, for the first of its clients, with a model and a fee schedule
  // it may pick): the row, the department's mail queued, the audit event.
  {
    name: 'strategy POST (write)',
    target: 'write',
    method: 'POST',
    status: 201,
    path: '/api/investment_strategies/',
    as: 'advisor',
    setup: async (api) => {
      const first = async (path) => (await api.get(`${path}page_size=1&ordering=name`)).results[0].id;
      return {
        client: (await api.get('/api/users/firm_advisor_clients/?status=active&ordering=last_name&page_size=1'))
          .results[0].id,
        model: await first('/api/investment_models/1/firm_investment_models/?userId=3&'),
        feeSchedule: await first('/api/fee_schedules/1/firm_fee_schedules/?userId=3&'),
      };
    },
    each: (i, { client, model, feeSchedule }) => ({ body: strategyForm(i, client, model, feeSchedule) }),
    check: (body) => (body.Status__c === 'Submitted' ? undefined : 'expected the new strategy, Submitted'),
  },
  // The investment department's move (firm 1's administrator): a submitted strategy to In Progress, each
  // request another of the firm's (a move is made once), the advisor's mail queued.
  {
    name: 'strategy status move (write)',
    target: 'write',
    method: 'POST',
    path: '/api/investment_strategies/',
    as: 'admin',
    // Every submitted one: a row that ran out would move a strategy twice (refused, counted as failed).
    setup: async (api) => ({
      ids: await idsOf(api, '/api/investment_strategies/?firm=1&status=Submitted&ordering=-CreatedDate'),
    }),
    each: (i, { ids }) => ({
      path: `/api/investment_strategies/${ids[i % ids.length]}/status/`,
      body: { status: 'In Progress' },
    }),
    check: (body) => (body.Status__c === 'In Progress' ? undefined : 'expected the strategy In Progress'),
  },
  // The CCO (firm 1's administrator) edits the firm's attestations, each request another: a field and two
  // holdings added, the whole record read before and after for its history.
  {
    name: 'attestation PUT with its rows (write)',
    target: 'write',
    method: 'PUT',
    path: '/api/quarterly_attestations/',
    as: 'admin',
    setup: async (api) => ({ ids: await idsOf(api, '/api/quarterly_attestations/?firm=1&ordering=Name', 6) }),
    each: (i, { ids }) => ({
      path: `/api/quarterly_attestations/${ids[i % ids.length]}/`,
      body: {
        // The form is sent whole: the employment date is required (the bench's are all this one).
        Employment_Date__c: '2019-04-01',
        Job_Title__c: `Analyst ${i}`,
        personalSecurities: [1, 2].map((k) => ({
          Account_Owner__c: 'Bench Owner',
          Account_Number__c: `B-${i}-${k}`,
          Custodian__c: 'Schwab',
        })),
      },
    }),
    check: (body) =>
      body.Personal_Securities__r?.records?.filter((r) => r.Account_Number__c?.startsWith('B-0-')).length === 2
        ? undefined
        : 'expected the attestation with the two rows sent',
  },
  // Firm 1's client book and investment department (apps/server/src/bench/bench-clients.ts and
  // bench-investments.ts, times BENCH_SCALE): 1,000 clients with their agreements, 5,000 vault
  // documents, 20 versions of each disclosure and their deliveries (the two latest of each kind to
  // every client, but the current ones to nine in ten); 300 models and 200 fee schedules, a third of
  // each an advisor's own, the shared ones offered to the firm but one in five; 5,000 cash requests.
  // Ids as the seed makes them: the super administrator 1, the administrator 2, Load<i> i + 2 (firm 1's
  // first advisor, Load1, is 3), and the first client of the book follows the people (users + 3).
  {
    name: 'cash requests list, firm of 5,000',
    target: 'list',
    path: '/api/cash_requests/?firm=1&page_size=50',
    as: 'admin',
    check: (body, { scale }) =>
      body.results?.length === 50 && body.count === 5_000 * scale && body.results.every((r) => r.Firm_Tk__c === 1)
        ? undefined
        : `expected 50 of ${5_000 * scale} of firm 1, got ${body.results?.length} of ${body.count}`,
  },
  // A client's vault as their firm's administrator opens it: the busiest client's 500 statements, newest first.
  {
    name: 'client documents, vault of 500',
    target: 'list',
    path: ({ users }) => `/api/client_documents/?client=${users + 3}&page_size=50`,
    as: 'admin',
    check: (body, { users, scale }) =>
      body.results?.length === 50 && body.count === 500 * scale && body.results.every((d) => d.client === users + 3)
        ? undefined
        : `expected 50 of client ${users + 3}'s ${500 * scale}, got ${body.results?.length} of ${body.count}`,
  },
  // The onboarding screen's read of a client's agreement, its PII decrypted to be masked.
  {
    name: 'client agreement of a client',
    target: 'list',
    path: ({ users }) => `/api/client_agreements/?portalUserId=${users + 3}`,
    as: 'admin',
    check: (body, { users }) =>
      body.count === 1 &&
      body.results[0].ESWA_Portal_User_ID__c === users + 3 &&
      body.results[0].ClientSSN__c?.startsWith('***-**-')
        ? undefined
        : `expected client ${users + 3}'s agreement with a masked SSN, got ${body.count}`,
  },
  // The CCO's delivery report: every client of firm 1 with what they received of each document, the
  // overdue first, a page of 50.
  {
    name: 'disclosure deliveries report, firm of 1,000 clients',
    target: 'list',
    path: '/api/disclosure_deliveries/?firm=1&page_size=50',
    as: 'admin',
    check: (body, { scale }) =>
      body.results?.length === 50 && body.count >= 1_000 * scale && body.results.every((r) => r.firm_id === 1)
        ? undefined
        : `expected 50 of at least ${1_000 * scale} clients of firm 1, got ${body.results?.length} of ${body.count}`,
  },
  // The CCO's versions of the firm's Form ADV and CRS, newest first, each with its delivery count.
  {
    name: 'disclosure versions, firm of 60',
    target: 'list',
    path: '/api/disclosure_documents/?firm=1&page_size=50',
    as: 'admin',
    check: (body, { scale }) =>
      body.results?.length === 50 && body.count === 60 * scale && body.results.every((r) => r.firm === 1)
        ? undefined
        : `expected 50 of ${60 * scale} versions of firm 1, got ${body.results?.length} of ${body.count}`,
  },
  ...catalogueRows(
    'investment_models',
    'investment models',
    300,
    'firm_investment_models',
    'advisor_investment_models',
  ),
  ...catalogueRows('fee_schedules', 'fee schedules', 200, 'firm_fee_schedules', 'advisor_fee_schedules'),
  ...offerRows('firm_models', 'firm models'),
  ...offerRows('firm_fee_schedules', 'firm fee schedules'),
];

/** A full page, every row of firm 1. */
function pageOfFirm1(body) {
  return body.results?.length === 50 && body.results.every((r) => r.firm === 1);
}

/**
 * A catalogue's lists as firm 1's administrator reads them (its `size` entries at scale 1, by name, a
 * page of 50): the manager's list, the firm's list, and the strategy form's dropdown for Load1 (id 3),
 * which holds Load1's own entries and the shared ones offered to the firm, no other advisor's.
 */
function catalogueRows(base, label, size, firmPath, advisorPath) {
  const manager = (body, { scale }) =>
    pageOfFirm1(body) && body.count >= size * scale
      ? undefined
      : `expected 50 of at least ${size * scale} of firm 1, got ${body.results?.length} of ${body.count}`;
  return [
    {
      name: `${label} list, firm of ${size}`,
      target: 'list',
      path: `/api/${base}/?firm=1&page_size=50`,
      as: 'admin',
      check: manager,
    },
    {
      name: `${label} of firm 1`,
      target: 'list',
      path: `/api/${base}/1/${firmPath}/?page_size=50`,
      as: 'admin',
      check: manager,
    },
    {
      name: `${label} an advisor may pick`,
      target: 'list',
      path: `/api/${base}/1001/${advisorPath}/?financialAdvisorUserId=3&page_size=50`,
      as: 'admin',
      check: (body) =>
        pageOfFirm1(body) && body.results.every((r) => r.financial_advisor === null || r.financial_advisor === 3)
          ? undefined
          : `expected 50 of firm 1, Load1's or shared, got ${body.results?.length}`,
    },
  ];
}

/**
 * The firm's offers of its shared entries (Firm Models, Firm Fee Schedules), by name, a page of 50: the
 * list, one firm's, and what the caller is offered as an advisor (the administrator: the shared ones).
 */
function offerRows(base, label) {
  const check = (body) => (pageOfFirm1(body) ? undefined : `expected 50 offers to firm 1, got ${body.results?.length}`);
  return [
    { name: `${label} list`, target: 'list', path: `/api/${base}/?page_size=50`, as: 'admin', check },
    { name: `${label} of firm 1`, target: 'list', path: `/api/${base}/firm/?firm=1&page_size=50`, as: 'admin', check },
    {
      name: `${label} offered to the caller`,
      target: 'list',
      path: `/api/${base}/advisor/?page_size=50`,
      as: 'admin',
      check,
    },
  ];
}

/** The strategy form as an advisor sends it (the i-th request names its own account). */
function strategyForm(i, client, model, feeSchedule) {
  return {
    ESWA_Portal_Owner_ID__c: client,
    Financial_Account_Name__c: `Bench IRA ${i}`,
    Custodian_Account_Number__c: `B-${i}`,
    Account_Master_Code__c: 'MC-B',
    Custodian__c: 'Schwab',
    Advisor__c: 'Load1',
    Relationship_Name__c: 'Bench Family',
    Fee_Schedule__c: feeSchedule,
    Fee_Minimum__c: '250.00',
    Client_Name__c: 'Bench Client',
    Client_Street__c: '1 Main St',
    Client_City__c: 'Springfield',
    Client_State__c: 'IL',
    Client_Zip_Code__c: '62701',
    Client_Email__c: 'client@bench.test',
    Investment_Model__c: String(model),
    Trading_Authority__c: 'Investment Department',
    Cash_Target_Percentage__c: '2.5',
    Is_Cash_Distributions__c: true,
    Amount__c: 1500.5,
    Cash_Management_Frequency__c: 'Monthly',
  };
}

/**
 * The ids of a list, page after page of 500 (at most `pages`), each once: records made at the same
 * instant may fall on two pages.
 */
async function idsOf(api, path, pages = Number.POSITIVE_INFINITY) {
  const ids = new Set();
  for (let page = 1; page <= pages; page++) {
    const body = await api.get(`${path}&page_size=500&page=${page}`);
    for (const r of body.results) ids.add(r.Id);
    if (!body.next) break;
  }
  return [...ids];
}
