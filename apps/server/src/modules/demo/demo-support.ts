import type { AppDeps } from '../../platform/context.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import * as supportCases from '../support-tickets/support-tickets.service.js';
import { actingAs } from './acting.js';

const DAY = 86_400_000;

/** One step of a demo case, by whom and how many days ago (at what hour, on the server's clock). */
type Step = { by: string; daysAgo: number; reply: string } | { by: string; daysAgo: number; status: string };

interface DemoCase {
  by: string;
  daysAgo: number;
  body: Record<string, string>;
  steps: Step[];
}

/**
 * Demo Wealth Advisors' support cases: Sid Staff's help and prayer requests and one of Avery Advisor's,
 * each with a conversation with Morgan Manager, the firm's named support handler (and Alex Admin, an
 * administrator, who handles them too).
 */
const demoCases: DemoCase[] = [
  {
    by: 'staff@demo.test',
    daysAgo: 9,
    body: {
      Subject: 'VPN disconnects every afternoon',
      Category__c: 'Technology',
      Type: 'New Problem',
      Priority: 'High',
      Reason: 'Problem',
      Description: 'Since Monday the VPN drops around 2 PM and I lose the CRM until I reconnect.',
    },
    steps: [
      {
        by: 'manager@demo.test',
        daysAgo: 8,
        reply: 'Thanks Sid. Does it happen on the office Wi-Fi too, or only at home?',
      },
      { by: 'staff@demo.test', daysAgo: 8, reply: 'Only at home. The office connection is fine.' },
      { by: 'manager@demo.test', daysAgo: 7, status: 'In Progress' },
      {
        by: 'manager@demo.test',
        daysAgo: 6,
        reply: 'Our IT vendor is updating your laptop’s VPN client tonight. Please leave it on and plugged in.',
      },
    ],
  },
  {
    by: 'staff@demo.test',
    daysAgo: 5,
    body: {
      Subject: 'Prayers for my father’s surgery',
      Category__c: 'Prayer Request',
      Description: 'My father has heart surgery on Thursday. I would be grateful for your prayers.',
    },
    steps: [
      {
        by: 'manager@demo.test',
        daysAgo: 5,
        reply: 'We are praying for your father and your family, Sid. Take the time you need.',
      },
      { by: 'staff@demo.test', daysAgo: 2, reply: 'The surgery went well. Thank you all.' },
      { by: 'manager@demo.test', daysAgo: 2, status: 'Closed' },
    ],
  },
  {
    by: 'advisor@demo.test',
    daysAgo: 3,
    body: {
      Subject: 'Form CRS missing from the onboarding packet',
      Category__c: 'Onboarding',
      Type: 'Existing Problem',
      Priority: 'Medium',
      Reason: 'Problem',
      Description: 'The packet printed for the Client family has Form ADV but not Form CRS.',
    },
    steps: [
      { by: 'admin@demo.test', daysAgo: 2, reply: 'Which template did you print from? The 2026 one includes it.' },
      { by: 'admin@demo.test', daysAgo: 2, status: 'Awaiting Submitter Feedback' },
    ],
  },
  {
    by: 'staff@demo.test',
    daysAgo: 1,
    body: {
      Subject: 'Suggestion: a monthly lunch-and-learn on compliance',
      Category__c: 'Human Resources',
      Priority: 'Low',
      Reason: 'Suggestion',
    },
    steps: [],
  },
];

/** The services' dependencies on a clock stopped `daysAgo` days back, at `hour` o'clock UTC. */
const at = (deps: AppDeps, daysAgo: number, hour: number): AppDeps => {
  const now = new Date(Date.now() - daysAgo * DAY);
  now.setUTCHours(hour, 0, 0, 0);
  return { ...deps, config: { ...deps.config, now: () => now } };
};

const idOf = async (deps: AppDeps, email: string) => {
  const user = await accountByEmail(deps.db, email);
  if (!user) throw new Error(`${email} is missing`);
  return user.id;
};

/**
 * The support area of the demo, through the same services as the API (so each opening, reply and status
 * change is audited and mailed to the outbox as in use). A second run finds Sid's cases and adds nothing.
 */
export async function seedDemoSupport(deps: AppDeps) {
  const sid = await actingAs(deps, await idOf(deps, 'staff@demo.test'));
  const existing = await supportCases.list(sid, { page: 1, page_size: 1, ordering: '-CreatedDate' });
  if (existing.count > 0) return;
  for (const c of demoCases) {
    // Opened in the morning, each step later that day or on a later day, so the conversation reads in order.
    const opener = await actingAs(at(deps, c.daysAgo, 13), await idOf(deps, c.by));
    const opened = await supportCases.create(opener, c.body);
    let hour = 14;
    for (const step of c.steps) {
      const ctx = await actingAs(at(deps, step.daysAgo, hour++), await idOf(deps, step.by));
      if ('reply' in step) await supportCases.reply(ctx, opened.Id, { CommentBody: step.reply });
      else
        await supportCases.update(ctx, opened.Id, { ...(await supportCases.get(ctx, opened.Id)), Status: step.status });
    }
  }
}
