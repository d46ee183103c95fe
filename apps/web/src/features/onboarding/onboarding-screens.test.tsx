import { notifications } from '@mantine/notifications';
import { type CurrentDisclosure, messages } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl, testQueryClient } from '../../testing/render';
import { FormAdvPage, FormCrsPage } from './disclosure-pages';
import { FormsPage } from './forms-page';
import { InvestorProfilePage } from './investor-profile-page';
import { onboardingKey, statusQuery } from './onboarding-api';
import { adminUser, advisorUser, clientUser, page, statusOf, stubApi, withToasts } from './onboarding-test-kit';

/** `GET /api/disclosures/current/` of client 31 with these documents, none received yet. */
const current = (documents: CurrentDisclosure[]) => ({
  portalUserId: 31,
  documents,
  Initial_Form_ADV_Delivery_Date__c: null,
  Initial_Form_CRS_Delivery_Date__c: null,
});

const ip = messages.investorProfiles;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  notifications.clean();
});

const agreed = { Id: 55, Client_Agreement_Date__c: '2026-11-02', Client__r: null, Joint_Client__r: null };
const delivered = (adv: string | null, crs: string | null) => ({
  ...agreed,
  Client__r: { Initial_Form_ADV_Delivery_Date__c: adv, Initial_Form_CRS_Delivery_Date__c: crs },
});

describe('the forms page', () => {
  it("lists a client's steps in order with their state, links only the open ones, and hides Exhibit B when it does not apply", async () => {
    stubApi(({ url }) =>
      url === '/api/onboarding/31/status/'
        ? statusOf({ exhibitB: false, agreement: agreed, investorProfile: null })
        : undefined,
    );
    renderAtUrl(<FormsPage />, '/forms/', { user: clientUser() });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Client Agreement ProfileDone',
      'Form ADV Part 2A and 2BTo do',
      'Form CRSNot yet available',
    ]);
    expect(screen.getByRole('link', { name: 'Form ADV Part 2A and 2B' }).getAttribute('href')).toBe('/forms/form-adv/');
    expect(screen.queryByRole('link', { name: 'Form CRS' })).toBeNull();
    expect(screen.queryByText(messages.onboarding.allDone)).toBeNull();
  });

  it("says 'You completed and viewed all forms.' when all are done, until dismissed", async () => {
    stubApi(({ url }) =>
      url === '/api/onboarding/31/status/'
        ? statusOf({ exhibitB: false, agreement: delivered('2026-11-03', '2026-11-03'), investorProfile: null })
        : undefined,
    );
    renderAtUrl(<FormsPage />, '/forms/', { user: clientUser() });
    expect(await screen.findByText(messages.onboarding.allDone)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(messages.onboarding.allDone)).toBeNull();
  });

  it('tells a client who is done that the firm published a new Form CRS they have not opened, with the way to it', async () => {
    const crs = (version: number, received_on: string | null): CurrentDisclosure => ({
      kind: 'crs',
      title: 'Form CRS',
      url: `/api/disclosure_documents/${version}/file/`,
      version,
      effective_date: '2026-11-20',
      received_on,
    });
    const adv: CurrentDisclosure = { ...crs(1, '2026-11-03'), kind: 'adv_2a', title: 'Form ADV Part 2A' };
    stubApi(({ url }) =>
      url === '/api/onboarding/31/status/'
        ? statusOf({ exhibitB: false, agreement: delivered('2026-11-03', '2026-11-03'), investorProfile: null })
        : url.startsWith('/api/disclosures/current/')
          ? current([adv, crs(7, null)])
          : undefined,
    );
    renderAtUrl(<FormsPage />, '/forms/', { user: clientUser() });
    expect(await screen.findByText(messages.onboarding.forms.newVersion('Form CRS'))).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Form CRS' });
    expect(links.map((link) => link.getAttribute('href'))).toContain('/forms/form-crs/');
  });

  it('shows an advisor the forms they fill in, with no status loaded; an administrator only the agreement', async () => {
    const calls = stubApi();
    const view = renderAtUrl(<FormsPage />, '/forms/', { user: advisorUser() });
    expect(screen.getByRole('link', { name: 'Client Agreement Profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exhibit B Investor Profile' }).getAttribute('href')).toBe(
      '/forms/exhibit-b-investor-profile',
    );
    expect(calls.some((call) => call.url.includes('/status/'))).toBe(false);
    view.unmount();

    renderAtUrl(<FormsPage />, '/forms/', { user: adminUser() });
    expect(screen.getByRole('link', { name: 'Client Agreement Profile' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Exhibit B Investor Profile' })).toBeNull();
  });
});

describe('a read that fails', () => {
  const failing = { status: 500, json: { detail: 'Server error.' } };

  it('shows the steps page an error with a retry, not an empty page', async () => {
    let fail = true;
    stubApi(({ url }) =>
      url === '/api/onboarding/31/status/'
        ? fail
          ? failing
          : statusOf({ exhibitB: false, agreement: null, investorProfile: null })
        : undefined,
    );
    renderAtUrl(<FormsPage />, '/forms/', { user: clientUser() });
    expect(await screen.findByText(messages.onboarding.loadFailed)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: messages.onboarding.retry }));
    expect(await screen.findByRole('link', { name: 'Client Agreement Profile' })).toBeTruthy();
  });

  it("says the documents could not be loaded (never 'not published yet') and reads them again on retry", async () => {
    let fail = true;
    stubApi(({ url }) => {
      if (url === '/api/onboarding/31/status/')
        return statusOf({ exhibitB: false, agreement: agreed, investorProfile: null });
      if (url.startsWith('/api/disclosures/current/'))
        return fail
          ? failing
          : current([
              {
                kind: 'adv_2a',
                title: 'Form ADV Part 2A',
                url: '/api/disclosure_documents/1/file/',
                version: 1,
                effective_date: '2026-03-31',
                received_on: null,
              },
            ]);
      return undefined;
    });
    renderAtUrl(<FormAdvPage />, '/forms/form-adv/', { user: clientUser() });
    expect(await screen.findByText(messages.onboarding.loadFailed)).toBeTruthy();
    expect(screen.queryByText(messages.onboarding.disclosures.none)).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: messages.onboarding.retry }));
    expect(await screen.findByRole('link', { name: /Form ADV Part 2A/ })).toBeTruthy();
  });
});

describe('the onboarding redirects', () => {
  it('sends a client from Form CRS to Form ADV while the ADV is not received', async () => {
    stubApi(({ url }) =>
      url === '/api/onboarding/31/status/'
        ? statusOf({ exhibitB: false, agreement: agreed, investorProfile: null })
        : undefined,
    );
    const view = renderAtUrl(<FormCrsPage />, '/forms/form-crs/', { user: clientUser() });
    await waitFor(() => expect(view.href()).toBe('/forms/form-adv/'));
  });

  it('sends an Exhibit B client from Form ADV to the investor profile until it is submitted', async () => {
    stubApi(({ url }) =>
      url === '/api/onboarding/31/status/'
        ? statusOf({ exhibitB: true, agreement: agreed, investorProfile: null })
        : undefined,
    );
    const view = renderAtUrl(<FormAdvPage />, '/forms/form-adv/', { user: clientUser(true) });
    await waitFor(() => expect(view.href()).toBe('/forms/investor-profile/'));
  });

  it('keeps a client who just submitted the agreement on the investor profile: the status read before it does not send them back', async () => {
    stubApi(({ url }) => {
      if (url === '/api/onboarding/31/status/')
        return statusOf({ exhibitB: true, agreement: agreed, investorProfile: null });
      if (url.startsWith('/api/investor_profile/31/')) return { status: 404, json: { detail: ip.notFound } };
      return undefined;
    });
    // The steps page read the status before the agreement; its submit marked it to be read again.
    const queryClient = testQueryClient();
    queryClient.setQueryData(
      statusQuery(31).queryKey,
      statusOf({ exhibitB: true, agreement: null, investorProfile: null }),
    );
    await queryClient.invalidateQueries({ queryKey: onboardingKey });
    const view = renderAtUrl(<InvestorProfilePage />, '/forms/investor-profile/', {
      user: clientUser(true),
      queryClient,
    });
    expect(await screen.findByText(ip.clientNote)).toBeTruthy();
    expect(view.href()).toBe('/forms/investor-profile/');
  });

  it('sends an Exhibit B client without an agreement from the investor profile to the agreement', async () => {
    stubApi(({ url }) =>
      url === '/api/onboarding/31/status/'
        ? statusOf({ exhibitB: true, agreement: null, investorProfile: null })
        : undefined,
    );
    const view = renderAtUrl(<InvestorProfilePage />, '/forms/investor-profile/', { user: clientUser(true) });
    await waitFor(() => expect(view.href()).toBe('/forms/client-agreement/'));
  });
});

describe('Form ADV and Form CRS', () => {
  it("links each ADV part in a new tab; the file's read records it (no PUT), the page sees it and goes on to Form CRS once both are received", async () => {
    // The server records an uploaded version's delivery when the new tab reads its file.
    const read = new Set<number>();
    const version = (kind: 'adv_2a' | 'adv_2b', id: number): CurrentDisclosure => ({
      kind,
      title: messages.disclosures.kinds[kind],
      url: `/api/disclosure_documents/${id}/file/`,
      version: id,
      effective_date: '2026-03-31',
      received_on: read.has(id) ? '2026-11-24' : null,
    });
    const calls = stubApi(({ method, url }) => {
      if (url === '/api/onboarding/31/status/')
        return statusOf({
          exhibitB: false,
          agreement: read.size === 2 ? delivered('2026-11-24', null) : agreed,
          investorProfile: null,
        });
      if (url === '/api/disclosures/current/?portalUserId=31')
        return current([version('adv_2a', 1), version('adv_2b', 2)]);
      if (method === 'PUT') return {};
      return undefined;
    });
    const view = renderAtUrl(<FormAdvPage />, '/forms/form-adv/', { user: clientUser() });
    const part2a = await screen.findByRole('link', { name: /Form ADV Part 2A/ });
    expect(part2a.getAttribute('target')).toBe('_blank');
    expect(part2a.getAttribute('rel')).toBe('noopener');
    expect(part2a.getAttribute('href')).toBe('/api/disclosure_documents/1/file/');
    // jsdom does not navigate: the click is the person's opening of the document, `read` the new tab's.
    part2a.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(part2a);
    read.add(1);
    expect(await screen.findByText(/Received 11\/24\/2026/, undefined, { timeout: 3000 })).toBeTruthy();
    expect(view.href()).toBe('/forms/form-adv/');

    const part2b = screen.getByRole('link', { name: /Form ADV Part 2B/ });
    part2b.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(part2b);
    read.add(2);
    await waitFor(() => expect(view.href()).toBe('/forms/form-crs/'), { timeout: 3000 });
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('records the Form CRS delivery and shows the steps once all are done', async () => {
    let crsDone = false;
    const calls = stubApi(({ method, url }) => {
      if (url === '/api/onboarding/31/status/')
        return statusOf({
          exhibitB: false,
          agreement: delivered('2026-11-20', crsDone ? '2026-11-24' : null),
          investorProfile: null,
        });
      if (url.startsWith('/api/disclosures/current/'))
        return current([
          {
            kind: 'crs',
            title: 'Form CRS',
            url: 'https://example.test/crs.pdf',
            version: null,
            effective_date: null,
            received_on: null,
          },
        ]);
      if (method === 'PUT') {
        crsDone = true;
        return {};
      }
      return undefined;
    });
    const view = renderAtUrl(<FormCrsPage />, '/forms/form-crs/', { user: clientUser() });
    const link = await screen.findByRole('link', { name: /Form CRS/ });
    expect(link.getAttribute('href')).toBe('https://example.test/crs.pdf');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() => expect(view.href()).toBe('/forms/'));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/update_form_crs_delivery_date/',
      body: { portalUserId: 31, deliveryDate: '2026-11-24' },
    });
  });
});

describe('the Exhibit B investor profile', () => {
  const answers = {
    IP_Relationship_Time_Horizon__c: '6-10 years',
    IP_Relationship_Withdrawal_Period__c: '5-10 years',
    IP_Percentage_Withdrawal__c: '1-4%',
    IP_Risk_Tolerance__c: 'Moderate (15%)',
    IP_Sources_of_Income__c: 'Stable',
    IP_Percent_of_Wealth__c: '25-50%',
    IP_Investment_Experience__c: 'Experienced',
    IP_Socially_Responsible_Investing__c: 'No',
    IP_Asset_Allocation__c: '60/40',
  };

  it("asks for every answer ('Please select an option'), saves, says 'Investor profile saved.' and takes a client's first save on to Form ADV", async () => {
    let saved = false;
    // The status read after the save is held back until the test lets it go.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubApi(async ({ method, url }) => {
      if (url === '/api/onboarding/31/status/') {
        if (saved) await released;
        return statusOf({
          exhibitB: true,
          agreement: agreed,
          investorProfile: saved ? { Investor_Profile_Status__c: 'Submitted' } : null,
        });
      }
      if (url.startsWith('/api/investor_profile/31/') && method === 'GET')
        return { status: 404, json: { detail: ip.notFound } };
      if (method === 'PUT') {
        saved = true;
        return { Id: 9, ...answers, Investor_Profile_Status__c: 'Submitted', Status__c: 'Submitted' };
      }
      return undefined;
    });
    const queryClient = testQueryClient();
    const view = renderAtUrl(withToasts(<InvestorProfilePage />), '/forms/investor-profile/', {
      user: clientUser(true),
      queryClient,
    });
    expect(await screen.findByText(ip.clientNote)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(ip.selectOption)).length).toBe(9);
    // A client's own missing profile is no news to them: no 'not found' toast.
    expect(screen.queryByText(ip.notFound)).toBeNull();

    for (const [question, answer] of Object.entries(answers)) {
      const group = screen.getByRole('radiogroup', {
        name: new RegExp(messagesOf(question).replace(/[?()]/g, '\\$&')),
      });
      await userEvent.click(within(group).getByRole('radio', { name: answer === '60/40' ? 'Balanced 60/40' : answer }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(ip.saved)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/investor_profile/31/',
      body: answers,
    });
    // Form ADV's gate starts from the status read after the save (with the profile done), never the one before.
    expect(view.href()).toBe('/forms/investor-profile/');
    release();
    await waitFor(() => expect(view.href()).toBe('/forms/form-adv/'));
    const status = queryClient.getQueryState(statusQuery(31).queryKey);
    expect(status?.data?.steps.find((step) => step.key === 'investor_profile')?.done).toBe(true);
  });

  it("lets an advisor pick a client: 'Investor profile found.' fills the answers, Undo puts them back; 'Investor profile not found.' otherwise", async () => {
    stubApi(({ url }) => {
      if (url.startsWith('/api/users/firm_advisor_clients/'))
        return page([
          { id: 31, first_name: 'Cleo', last_name: 'Client', email: 'cleo@example.test' },
          { id: 32, first_name: 'Dan', last_name: 'Client', email: 'dan@example.test' },
        ]);
      if (url === '/api/investor_profile/31/?portalUserEmail=cleo%40example.test')
        return {
          Id: 9,
          portalUserEmail: 'cleo@example.test',
          ...answers,
          Investor_Profile_Status__c: 'Submitted',
          Status__c: 'Submitted',
        };
      if (url.startsWith('/api/investor_profile/32/')) return { status: 404, json: { detail: ip.notFound } };
      return undefined;
    });
    renderAtUrl(withToasts(<InvestorProfilePage />), '/forms/exhibit-b-investor-profile', { user: advisorUser() });
    expect(screen.getByText(ip.advisorNote)).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cleo Client (cleo@example.test)' }));
    expect(await screen.findByText(ip.found)).toBeTruthy();
    const stable = await screen.findByRole('radio', { name: 'Stable' });
    expect((stable as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Very stable' }));
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect((screen.getByRole('radio', { name: 'Stable' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dan Client (dan@example.test)' }));
    expect(await screen.findByText(ip.notFound)).toBeTruthy();
  });

  it('searches the clients on the server as the advisor types, so a client beyond the first page is found', async () => {
    const calls = stubApi(({ url }) => {
      if (url.startsWith('/api/users/firm_advisor_clients/') && url.includes('search=Zed'))
        return page([{ id: 77, first_name: 'Zed', last_name: 'Zulu', email: 'zed@example.test' }]);
      if (url.startsWith('/api/users/firm_advisor_clients/'))
        return page([{ id: 31, first_name: 'Cleo', last_name: 'Client', email: 'cleo@example.test' }]);
      if (url.startsWith('/api/investor_profile/77/')) return { status: 404, json: { detail: ip.notFound } };
      return undefined;
    });
    const view = renderAtUrl(<InvestorProfilePage />, '/forms/exhibit-b-investor-profile', { user: advisorUser() });
    await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'Zed');
    await userEvent.click(await screen.findByRole('option', { name: 'Zed Zulu (zed@example.test)' }));
    await waitFor(() => expect(view.href()).toBe('/forms/exhibit-b-investor-profile?client=77'));
    // One server search for what was typed, not one per key.
    expect(calls.filter((call) => call.url.includes('search=')).map((call) => call.url)).toEqual([
      '/api/users/firm_advisor_clients/?status=active&ordering=last_name&page_size=50&search=Zed',
    ]);
    expect(calls.map((call) => call.url)).toContain('/api/investor_profile/77/?portalUserEmail=zed%40example.test');
  });

  it("keeps the picked client in the address by id only, and takes the API's email from the client list", async () => {
    const calls = stubApi(({ url }) => {
      if (url.startsWith('/api/users/firm_advisor_clients/'))
        return page([{ id: 31, first_name: 'Cleo', last_name: 'Client', email: 'cleo@example.test' }]);
      if (url.startsWith('/api/investor_profile/31/')) return { status: 404, json: { detail: ip.notFound } };
      return undefined;
    });
    const view = renderAtUrl(<InvestorProfilePage />, '/forms/exhibit-b-investor-profile', { user: advisorUser() });
    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cleo Client (cleo@example.test)' }));
    await waitFor(() => expect(view.href()).toBe('/forms/exhibit-b-investor-profile?client=31'));
    view.unmount();
    calls.length = 0;

    // The address opened again (a reload, a shared link): the email still reaches the API, never the URL.
    renderAtUrl(<InvestorProfilePage />, '/forms/exhibit-b-investor-profile?client=31', { user: advisorUser() });
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/investor_profile/31/?portalUserEmail=cleo%40example.test'),
    );
    expect(calls.filter((call) => call.url.startsWith('/api/investor_profile/')).length).toBe(1);
  });
});

const messagesOf = (question: string) =>
  messages.onboarding.investorProfile.questions[question as keyof typeof messages.onboarding.investorProfile.questions];
