import { notifications } from '@mantine/notifications';
import { messages } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl, testQueryClient } from '../../testing/render';
import { ClientAgreementPage } from './client-agreement-page';
import { statusQuery } from './onboarding-api';
import { advisorUser, clientUser, page, statusOf, storedAgreement, stubApi, withToasts } from './onboarding-test-kit';

const m = messages.clientAgreements;
const URL_ = '/forms/client-agreement/';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const group = (name: string, inside: HTMLElement = document.body) => within(inside).getByRole('group', { name });

describe('a client filling in the client agreement for the first time', () => {
  it('shows Cancel and Save only once a form type is chosen, and the joint column only for Joint Clients', async () => {
    stubApi();
    renderAtUrl(<ClientAgreementPage />, URL_, { user: clientUser() });
    await screen.findByRole('radio', { name: 'Individual Client' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Individual Client' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(group('Client')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Joint Client' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Joint Clients' }));
    expect(group('Joint Client')).toBeTruthy();
  });

  it("names each input apart for a screen reader: its visible label, then the address it belongs to and the column's name", async () => {
    stubApi();
    renderAtUrl(<ClientAgreementPage />, URL_, { user: clientUser() });
    await userEvent.click(await screen.findByRole('radio', { name: 'Joint Clients' }));
    const controls = [
      ...screen.getAllByRole('textbox'),
      ...screen.getAllByRole('combobox'),
      ...screen.getAllByRole('checkbox'),
    ];
    const names = controls.map((control) => control.getAttribute('aria-label') ?? '');
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Street, Mailing address, Joint Client' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'State, Home address, Client' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Cell phone, Joint Client' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: `${m.homeSameAsMailing}, Joint Client` })).toBeTruthy();
    // The visible label stays the short one ('Street'); only the accessible name adds the group.
    expect(within(group('Home address', group('Client'))).getByText('Street')).toBeTruthy();
  });

  it("says nothing before a submit; then each missing field's message inline, the toast 'Required field(s) not provided.', and sends nothing", async () => {
    const calls = stubApi();
    renderAtUrl(withToasts(<ClientAgreementPage />), URL_, { user: clientUser() });
    await userEvent.click(await screen.findByRole('radio', { name: 'Joint Clients' }));
    expect(screen.queryByText(m.nameRequired)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(m.requiredFields)).toBeTruthy();
    const client = group('Client');
    const joint = group('Joint Client');
    for (const message of [
      m.nameRequired,
      m.streetRequired,
      m.mailingAddressRequired,
      m.cellPhoneRequired,
      m.businessPhoneRequired,
      m.homePhoneRequired,
      m.emailRequired,
      m.mailPreferenceRequired,
      m.employmentStatusRequired,
      m.dobRequired,
      m.ssnRequired,
      m.licenseRequired,
      m.licenseIssueStateRequired,
      m.licenseIssueDateRequired,
      m.licenseExpirationRequired,
    ]) {
      expect(within(client).getAllByText(message).length).toBeGreaterThan(0);
      expect(within(joint).getAllByText(message).length).toBeGreaterThan(0);
    }
    // The joint client's missing mail preference says so (the seed said 'Enter employment status').
    const jointPreference = within(joint).getByRole('combobox', { name: /Mailing preference/ });
    expect(jointPreference.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("copies the home address into the mailing address, and the client's address to the joint client, while ticked", async () => {
    stubApi();
    renderAtUrl(<ClientAgreementPage />, URL_, { user: clientUser() });
    await userEvent.click(await screen.findByRole('radio', { name: 'Joint Clients' }));
    const client = group('Client');
    const home = group('Home address', client);
    // Pasted: key by key, the long form's redraws take seconds; the typing below shows the copy keeps up.
    await userEvent.click(within(home).getByRole('textbox', { name: /Street/ }));
    await userEvent.paste('1 Main St');
    await userEvent.click(within(home).getByRole('textbox', { name: /City/ }));
    await userEvent.paste('Dover');

    await userEvent.click(within(client).getByRole('checkbox', { name: `${m.homeSameAsMailing}, Client` }));
    const mailing = group('Mailing address', client);
    expect((within(mailing).getByRole('textbox', { name: /Street/ }) as HTMLInputElement).value).toBe('1 Main St');
    // Kept in step while ticked.
    await userEvent.type(within(home).getByRole('textbox', { name: /Street/ }), ', Apt 2');
    expect((within(mailing).getByRole('textbox', { name: /Street/ }) as HTMLInputElement).value).toBe(
      '1 Main St, Apt 2',
    );

    const joint = group('Joint Client');
    await userEvent.click(within(joint).getByRole('checkbox', { name: m.sameAsClientAddress }));
    expect(
      (within(group('Home address', joint)).getByRole('textbox', { name: /Street/ }) as HTMLInputElement).value,
    ).toBe('1 Main St, Apt 2');
    expect(
      (within(group('Mailing address', joint)).getByRole('textbox', { name: /City/ }) as HTMLInputElement).value,
    ).toBe('Dover');
  });

  it('shows the public company field only while the senior-officer box is ticked, and forgets it when unticked', async () => {
    stubApi();
    renderAtUrl(<ClientAgreementPage />, URL_, { user: clientUser() });
    await userEvent.click(await screen.findByRole('radio', { name: 'Individual Client' }));
    expect(screen.queryByRole('textbox', { name: 'Public company name, Client' })).toBeNull();
    const box = screen.getByRole('checkbox', { name: 'Senior officer of a public company, Client' });
    await userEvent.click(box);
    await userEvent.type(screen.getByRole('textbox', { name: 'Public company name, Client' }), 'Acme');
    await userEvent.click(box);
    expect(screen.queryByRole('textbox', { name: 'Public company name, Client' })).toBeNull();
    await userEvent.click(box);
    expect((screen.getByRole('textbox', { name: 'Public company name, Client' }) as HTMLInputElement).value).toBe('');
  });

  it.each([
    [true, '/forms/investor-profile/'],
    [false, '/forms/form-adv/'],
  ])(
    "after the first submit (Exhibit B user: %s) says 'Client agreement submitted' and goes to %s",
    async (exhibitB, next) => {
      let posted = false;
      const calls = stubApi(({ method, url }) => {
        if (method === 'POST') {
          posted = true;
          return storedAgreement();
        }
        if (url === '/api/onboarding/31/status/')
          return statusOf({ exhibitB, agreement: posted ? storedAgreement() : null, investorProfile: null });
        if (url.startsWith('/api/client_agreements/?')) return page([]);
        return undefined;
      });
      // The steps page read the status before the agreement existed.
      const queryClient = testQueryClient();
      queryClient.setQueryData(
        statusQuery(31).queryKey,
        statusOf({ exhibitB, agreement: null, investorProfile: null }),
      );
      // The form starts from a record the server kept before: a complete set of values, Id removed.
      const view = renderAtUrl(withToasts(<ClientAgreementPage />), URL_, { user: clientUser(exhibitB), queryClient });
      await userEvent.click(await screen.findByRole('radio', { name: 'Individual Client' }));
      const client = group('Client');
      const type = async (name: RegExp, value: string, inside: HTMLElement = client) =>
        userEvent.type(within(inside).getByRole('textbox', { name }), value);
      // Plain text is pasted: typing it key by key redraws the long form each time, which only the
      // masked inputs (phones, dates, the SSN) need to show they take typing.
      const paste = async (name: RegExp, value: string, inside: HTMLElement = client) => {
        await userEvent.click(within(inside).getByRole('textbox', { name }));
        await userEvent.paste(value);
      };
      const pick = async (name: RegExp, option: string, inside: HTMLElement = client) => {
        await userEvent.type(within(inside).getByRole('combobox', { name }), option.slice(0, 5));
        await userEvent.click(await screen.findByRole('option', { name: option }));
      };
      await paste(/First name/, 'Cleo Client');
      const home = group('Home address', client);
      await paste(/Street/, '1 Main St', home);
      await paste(/City/, 'Dover', home);
      await pick(/State/, 'Delaware', home);
      await type(/Zip/, '19901', home);
      await userEvent.click(within(client).getByRole('checkbox', { name: `${m.homeSameAsMailing}, Client` }));
      await type(/Cell phone/, '302-555-0101');
      await type(/Business phone/, '302-555-0102');
      await type(/Home phone/, '302-555-0103');
      await paste(/Email address/, 'cleo@example.test');
      await pick(/Mailing preference/, 'Email');
      await pick(/Employment status/, 'Retired');
      await type(/Date of birth/, '04/05/1960');
      await type(/Social security number/, '123-45-6789');
      await paste(/license number/, 'D1234567');
      await pick(/license issue state/, 'Delaware');
      await type(/license issue date/, '01/02/2020');
      await type(/license expiration date/, '01/02/2028');

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText(m.submitted)).toBeTruthy();
      const post = calls.find((call) => call.method === 'POST');
      expect(post?.url).toBe('/api/client_agreements/');
      expect(post?.body).toMatchObject({
        ESWA_Portal_User_ID__c: 31,
        Form_Type__c: 'Individual Client',
        ClientName__c: 'Cleo Client',
        ClientMailingAddressStreet__c: '1 Main St',
        ClientMailingAddressState__c: 'Delaware',
        ClientDoB__c: '1960-04-05',
        ClientSSN__c: '123456789',
      });
      await waitFor(() => expect(view.href()).toBe(next));
      // The next page starts from the status read after the submit, not the one from before it.
      const status = queryClient.getQueryState(statusQuery(31).queryKey);
      expect(status?.isInvalidated).toBe(false);
      expect(status?.data?.steps.find((step) => step.key === 'client_agreement')?.done).toBe(true);
      expect(calls.findLastIndex((call) => call.url === '/api/onboarding/31/status/')).toBeGreaterThan(
        calls.findIndex((call) => call.method === 'POST'),
      );
    },
  );
});

describe('a client updating their agreement', () => {
  it("sends an untouched masked value back as it came, and says 'Client agreement updated'", async () => {
    const calls = stubApi(({ method, url }) => {
      if (url.startsWith('/api/client_agreements/?')) return page([storedAgreement()]);
      if (method === 'PUT') return storedAgreement();
      return undefined;
    });
    const view = renderAtUrl(withToasts(<ClientAgreementPage />), URL_, { user: clientUser() });
    const ssn = await screen.findByRole('textbox', { name: /Social security number/ });
    expect((ssn as HTMLInputElement).value).toBe('***-**-6789');
    await userEvent.clear(within(group('Client')).getByRole('textbox', { name: /Cell phone/ }));
    await userEvent.type(within(group('Client')).getByRole('textbox', { name: /Cell phone/ }), '302-555-0199');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(m.updated)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/client_agreements/55/');
    expect(put?.body).toMatchObject({
      ClientSSN__c: '***-**-6789',
      ClientDoB__c: '**/**/****',
      ClientDriversLicense__c: '****4321',
      ClientCellPhone__c: '302-555-0199',
    });
    // An update is not a first submit: the client stays.
    expect(view.href()).toBe(URL_);
  });

  it('shows the clear values only on request (?reveal=true), leaving a value typed over as typed', async () => {
    const calls = stubApi(({ url }) => {
      if (url.startsWith('/api/client_agreements/?')) return page([storedAgreement()]);
      if (url === '/api/client_agreements/55/?reveal=true')
        return storedAgreement({
          ClientSSN__c: '123456789',
          ClientDoB__c: '1960-04-05',
          ClientDriversLicense__c: 'D1234321',
        });
      return undefined;
    });
    renderAtUrl(<ClientAgreementPage />, URL_, { user: clientUser() });
    const licence = await screen.findByRole('textbox', { name: /license number/ });
    // Focus selects the mask: what is typed replaces it whole.
    await userEvent.click(licence);
    await userEvent.keyboard('X9998888');
    expect((licence as HTMLInputElement).value).toBe('X9998888');
    expect(calls.some((call) => call.url.includes('reveal'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Show sensitive values' }));

    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Social security number/ }) as HTMLInputElement).value).toBe(
        '123456789',
      ),
    );
    expect((screen.getByRole('textbox', { name: /Date of birth/ }) as HTMLInputElement).value).toBe('04/05/1960');
    expect((licence as HTMLInputElement).value).toBe('X9998888');
  });

  it("puts the server's field message on its input", async () => {
    stubApi(({ method, url }) => {
      if (url.startsWith('/api/client_agreements/?')) return page([storedAgreement()]);
      if (method === 'PUT')
        return { status: 400, json: { detail: m.requiredFields, fields: { ClientSSN__c: m.maskedValue } } };
      return undefined;
    });
    renderAtUrl(withToasts(<ClientAgreementPage />), URL_, { user: clientUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(m.maskedValue)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Social security number/ }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('an advisor filling in a client agreement', () => {
  it('picks one of their clients, and a custodial account names the columns Minor and Custodian', async () => {
    const calls = stubApi(({ url }) => {
      if (url.startsWith('/api/users/firm_advisor_clients/'))
        return page([{ id: 31, first_name: 'Cleo', last_name: 'Client', email: 'cleo@example.test' }]);
      if (url.startsWith('/api/client_agreements/?')) return page([]);
      return undefined;
    });
    const view = renderAtUrl(<ClientAgreementPage />, URL_, { user: advisorUser() });
    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cleo Client (cleo@example.test)' }));
    await waitFor(() => expect(view.href()).toBe(`${URL_}?client=31`));
    expect(calls.map((call) => call.url)).toContain('/api/client_agreements/?portalUserId=31');

    await userEvent.click(await screen.findByRole('combobox', { name: 'Client Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custodial' }));

    expect(group('Minor')).toBeTruthy();
    expect(group('Custodian')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Joint Clients' }) as HTMLInputElement).checked).toBe(true);
  });
});
