import type { Locator, Page } from '@playwright/test';
import { messages, ProfileType } from '@portal/domain';
import { expect, expectAccessible, mailTo, signIn, signOut, test } from '../support/fixtures.js';

const s = messages.investmentStrategies;
const r = messages.investmentRequests;

async function openInvestments(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Investments' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** Picks `option` in the select named `label`; its options open in a layer of the page. */
async function choose(scope: Page | Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an investments user offers a new model and fee schedule to the firm, an advisor files a strategy on them, the department completes it and the advisor is told', async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db, { name: `Harbor Wealth ${stamp}`, abbreviation: 'HBW' });
  const desk = await db.createUser(db.db, {
    email: `hbw.desk.${stamp}@example.test`,
    firstName: 'Ines',
    lastName: 'Desk',
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isInvestmentsUser: true },
  });
  const advisor = await db.createUser(db.db, {
    email: `hbw.advisor.${stamp}@example.test`,
    firstName: 'Arlo',
    lastName: 'Advisor',
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await db.createUser(db.db, {
    email: `hbw.client.${stamp}@example.test`,
    firstName: 'Cora',
    lastName: `Client${stamp}`,
    advisorId: advisor.id,
    profile: {
      firmId: firm.id,
      profileType: ProfileType.Client,
      addressLine1: '12 Harbor Road',
      city: 'Annapolis',
      state: 'Maryland',
      zip: '21401',
    },
  });
  const model = `Harbor Growth ${stamp}`;
  const feeSchedule = `Harbor Tiered ${stamp}`;
  const account = `Cora Brokerage ${stamp}`;

  // 1. The investments user creates a model and a fee schedule, and offers both to the firm.
  await signIn(page, desk.email);
  await openInvestments(page, 'Model List');
  await expect(page.getByRole('heading', { level: 1, name: messages.investmentModels.title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: messages.investmentModels.newButton }).click();
  let dialog = page.getByRole('dialog', { name: messages.investmentModels.newButton });
  await dialog.getByRole('textbox', { name: messages.investmentModels.nameLabel }).fill(model);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.investmentModels.created)).toBeVisible();
  await expect(page.getByRole('cell', { name: model, exact: true })).toBeVisible();

  await openInvestments(page, 'Fee Schedule List');
  await expect(page.getByRole('heading', { level: 1, name: messages.feeSchedules.title })).toBeVisible();
  await page.getByRole('button', { name: messages.feeSchedules.newButton }).click();
  dialog = page.getByRole('dialog', { name: messages.feeSchedules.newButton });
  await dialog.getByRole('textbox', { name: messages.feeSchedules.nameLabel }).fill(feeSchedule);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.feeSchedules.created)).toBeVisible();
  await expect(page.getByRole('cell', { name: feeSchedule, exact: true })).toBeVisible();
  await expectAccessible(page);

  await openInvestments(page, 'Firm Models');
  await expect(page.getByRole('heading', { level: 1, name: messages.firmModels.title })).toBeVisible();
  await page.getByRole('button', { name: messages.firmModels.newButton }).click();
  dialog = page.getByRole('dialog', { name: messages.firmModels.newButton });
  await choose(dialog, page, /^Model/, model);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.firmModels.saved)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: model })).toContainText(firm.name);
  await expectAccessible(page);

  await openInvestments(page, 'Firm Fee Schedules');
  await expect(page.getByRole('heading', { level: 1, name: messages.firmFeeSchedules.title })).toBeVisible();
  await page.getByRole('button', { name: messages.firmFeeSchedules.newButton }).click();
  dialog = page.getByRole('dialog', { name: messages.firmFeeSchedules.newButton });
  await choose(dialog, page, /^Fee Schedule/, feeSchedule);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.firmFeeSchedules.saved)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: feeSchedule })).toContainText(firm.name);
  await expectAccessible(page);
  await signOut(page);

  // 2. The advisor opens New Investment Strategy; submitting it empty names each missing field, toasts, sends nothing.
  await signIn(page, advisor.email);
  await openInvestments(page, 'Investment Strategies');
  await expect(page.getByRole('heading', { level: 1, name: s.listTitle })).toBeVisible();
  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/investments\/investment-strategy\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: s.newTitle })).toBeVisible();
  await expectAccessible(page);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/investment_strategies/')) writes.push(request.url());
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(s.requiredFieldsMissing)).toBeVisible();
  for (const message of [
    r.clientRequired,
    s.accountNameRequired,
    s.accountNumberRequired,
    s.masterCodeRequired,
    s.custodianRequired,
    s.relationshipNameRequired,
    s.feeScheduleRequired,
    s.feeMinimumRequired,
    s.investmentModelRequired,
    s.tradingAuthorityRequired,
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  expect(writes).toEqual([]);
  await expectAccessible(page);

  // The client picked fills their name, email and address; the new model and fee schedule are offered.
  await choose(page, page, /^Client/, `Cora Client${stamp} (${client.email})`);
  await expect(page.getByRole('textbox', { name: /^Client name/ })).toHaveValue(`Cora Client${stamp}`);
  await expect(page.getByRole('textbox', { name: /^Client email/ })).toHaveValue(client.email);
  await expect(page.getByRole('textbox', { name: /^Street/ })).toHaveValue('12 Harbor Road');
  await expect(page.getByRole('textbox', { name: /^City/ })).toHaveValue('Annapolis');
  await expect(page.getByRole('textbox', { name: /^Zip/ })).toHaveValue('21401');
  await page.getByRole('textbox', { name: /^Account name/ }).fill(account);
  await page.getByRole('textbox', { name: /^Account number/ }).fill('7781-2040');
  await page.getByRole('textbox', { name: /^Account master code/ }).fill('CB-01');
  await page.getByRole('textbox', { name: /^Custodian/ }).fill('Schwab');
  await page.getByRole('textbox', { name: /^Relationship name/ }).fill('Client Household');
  await choose(page, page, /^Fee schedule/, feeSchedule);
  await page.getByRole('textbox', { name: /^Fee minimum/ }).fill('250');
  await choose(page, page, /^Investment model/, model);
  await choose(page, page, /^Trading authority/, 'Advisor');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(s.submitted)).toBeVisible();

  // Back on the list, Submitted.
  await expect(page).toHaveURL(/\/investments\/investment-strategies\/$/);
  const row = page.getByRole('row').filter({ hasText: account });
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText(model);
  await expectAccessible(page);
  await signOut(page);

  // 3. The investment department takes it up, then completes it.
  await signIn(page, desk.email);
  await openInvestments(page, 'Investment Strategies');
  for (const status of ['In Progress', 'Completed']) {
    await row.getByRole('button', { name: `${r.changeStatus} ${account}` }).click();
    const move = page.getByRole('dialog', { name: r.changeStatus });
    await choose(move, page, /^Status/, status);
    await expectAccessible(page);
    await move.getByRole('button', { name: r.changeStatus }).click();
    await expect(page.getByText(r.statusChanged('strategy', status))).toBeVisible();
    await expect(row).toContainText(status);
  }
  await signOut(page);

  // 4. The advisor's mail about the move to Completed links to the strategy; opening it shows it.
  const mail = await mailTo(advisor.email, 'to Completed');
  // The subject header as written, its folded lines joined again.
  expect(mail.raw.replace(/\r?\n(?=[ \t])/g, '')).toContain(
    `Subject: ${r.statusSubject('strategy', account, 'Completed')}`,
  );
  const link = mail.text.match(/https?:\/\/\S+\/investments\/investment-strategies\/\?view=\d+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  const address = new URL(link as string);
  await signIn(page, advisor.email);
  await page.goto(`${address.pathname}${address.search}`);
  const view = page.getByRole('dialog', { name: s.editTitle });
  await expect(view.getByRole('textbox', { name: /^Account name/ })).toHaveValue(account);
  await expect(view.getByText('Completed', { exact: true })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page);
  await view.getByRole('button', { name: 'Close' }).first().click();
  await expect(view).toBeHidden();
  await expect(page).toHaveURL(/\/investments\/investment-strategies\/$/);
});

for (const list of [
  {
    name: 'investment strategies',
    path: '/investments/investment-strategies/',
    columns: ['Account Name', 'Status'],
  },
  {
    name: 'cash requests',
    path: '/investments/cash-requests/',
    columns: ['Amount (USD)', 'Account Name', 'Status'],
  },
])
  test(`the ${list.name} list shows its eight columns at desktop width and its key columns at phone width, without a sideways scroll`, async ({
    page,
    db,
  }) => {
    const stamp = Date.now();
    const firm = await db.createFirm(db.db, { name: `Narrow Wealth ${stamp}`, abbreviation: 'NRW' });
    const advisor = await db.createUser(db.db, {
      email: `nrw.advisor.${stamp}@example.test`,
      profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const client = await db.createUser(db.db, {
      email: `nrw.client.${stamp}@example.test`,
      advisorId: advisor.id,
      profile: { firmId: firm.id, profileType: ProfileType.Client },
    });
    const desk = await db.createUser(db.db, {
      email: `nrw.desk.${stamp}@example.test`,
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser, isInvestmentsUser: true },
    });
    // One long word: the name breaks inside it rather than push the status out.
    const account = `Rollover${stamp}`;

    // The advisor files one (through the API, as the form would), so the list has a row to lay out.
    await signIn(page, advisor.email);
    const api = page.request;
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const headers = { 'X-CSRFToken': csrf, Origin: new URL(page.url()).origin };
    const common = {
      ESWA_Portal_Owner_ID__c: client.id,
      Financial_Account_Name__c: account,
      Custodian_Account_Number__c: '4417-2290',
      Custodian__c: 'Schwab',
      Advisor__c: 'Avery Advisor',
      Relationship_Name__c: 'Client Household',
    };
    if (list.name === 'cash requests') {
      const filed = await api.post('/api/cash_requests/', {
        headers,
        data: { ...common, Cash_Request_Type__c: 'Raise Cash', Amount__c: '125000.00', Cash_Request_Notes__c: null },
      });
      expect(filed.status(), await filed.text()).toBe(201);
    } else {
      await signOut(page);
      // A strategy needs a model and a fee schedule the firm offers: the department keeps them.
      await signIn(page, desk.email);
      const deskCsrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
      const deskHeaders = { 'X-CSRFToken': deskCsrf, Origin: new URL(page.url()).origin };
      const modelAnswer = await api.post('/api/investment_models/', {
        headers: deskHeaders,
        data: { name: `Narrow Model ${stamp}` },
      });
      expect(modelAnswer.status(), await modelAnswer.text()).toBe(201);
      const feeAnswer = await api.post('/api/fee_schedules/', {
        headers: deskHeaders,
        data: { name: `Narrow Fees ${stamp}` },
      });
      expect(feeAnswer.status(), await feeAnswer.text()).toBe(201);
      const modelId = (await modelAnswer.json()).id as number;
      const feeId = (await feeAnswer.json()).id as number;
      // Offered to the firm, so its advisors may pick them.
      for (const [path, data] of [
        ['/api/firm_models/', { firm: firm.id, investment_model: modelId }],
        ['/api/firm_fee_schedules/', { firm: firm.id, fee_schedule: feeId }],
      ] as const) {
        const offered = await api.post(path, { headers: deskHeaders, data });
        expect(offered.status(), await offered.text()).toBe(201);
      }
      await signOut(page);
      await signIn(page, advisor.email);
      const advisorCsrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
      const filed = await api.post('/api/investment_strategies/', {
        headers: { 'X-CSRFToken': advisorCsrf, Origin: new URL(page.url()).origin },
        data: {
          ...common,
          Account_Master_Code__c: 'CC-IRA',
          Fee_Schedule__c: feeId,
          Fee_Minimum__c: '250.00',
          Investment_Model__c: modelId,
          Trading_Authority__c: 'Advisor',
          Client_Name__c: 'Cora Client',
          Client_Street__c: '12 Harbor Road',
          Client_City__c: 'Annapolis',
          Client_State__c: 'Maryland',
          Client_Zip_Code__c: '21401',
          Client_Email__c: client.email,
        },
      });
      expect(filed.status(), await filed.text()).toBe(201);
    }

    const noSidewaysScroll = async () => {
      const table = page.getByRole('table');
      const box = await table.evaluate((t) => {
        const scroller = t.parentElement as HTMLElement;
        return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
      });
      expect(box.scroll).toBeLessThanOrEqual(box.client);
    };

    // Desktop: every column of the list, the row's actions beside them.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(list.path);
    const row = page.getByRole('row').filter({ hasText: account });
    await expect(row.getByText('Submitted', { exact: true })).toBeInViewport({ ratio: 1 });
    const headers8 = page.getByRole('columnheader');
    await expect(headers8).toHaveCount(9);
    for (const header of await headers8.all()) await expect(header).toBeInViewport({ ratio: 1 });
    await noSidewaysScroll();
    await page.screenshot({ path: `test-results/investments-${list.name.replace(' ', '-')}-desktop.png` });

    // Phone: the columns that matter, their status and the row's View beside them.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    for (const column of list.columns)
      await expect(page.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 });
    await expect(row.getByText('Submitted', { exact: true })).toBeInViewport({ ratio: 1 });
    if (list.name === 'cash requests') await expect(row.getByText('$125,000.00')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: `View ${account}` })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: `Edit ${account}` })).toBeInViewport({ ratio: 1 });
    await noSidewaysScroll();
    await page.screenshot({ path: `test-results/investments-${list.name.replace(' ', '-')}-phone.png` });
    await expectAccessible(page);
  });
