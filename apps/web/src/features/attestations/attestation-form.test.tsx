import type { Attestation, SupervisedPerson } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalToday, wireDateToText } from '../../lib/dates';
import { renderAtUrl } from '../../testing/render';
import { AttestationForm } from './attestation-form';
import { blankAttestation, editValuesOf } from './attestation-values';

const person = { first_name: 'Sid', last_name: 'Staff', email: 'sid@example.test' };
const rosterWith = (flags: Partial<SupervisedPerson>) =>
  ({
    has_to_submit_personal_securities: false,
    has_to_submit_outside_business_activities: false,
    has_to_submit_political_contributions: false,
    ...flags,
  }) as SupervisedPerson;

const stored = {
  Id: 41,
  Name: 'Sid Staff - DWA FY2026 Q2',
  ...blankAttestation(person),
  First_Name__c: 'Sid',
  Last_Name__c: 'Staff',
  Employment_Date__c: '2019-04-01',
  Status__c: 'Submitted',
  Reviewed_By__c: null,
  Owner_Tk__c: 6,
  Firm_Tk__c: 1,
  Personal_Securities__r: {
    records: [
      { Id: 7, Account_Owner__c: 'Sid', Account_Number__c: 'X-1', Account_Type__c: null, Custodian__c: 'Schwab' },
    ],
  },
  Outside_Business_Activities__r: { records: [] },
  Political_Contributions__r: { records: [] },
} as unknown as Attestation;

type FormProps = Parameters<typeof AttestationForm>[0];
/** A new filing by Sid, not on the roster, unless the test says otherwise. */
const renderForm = (overrides: Partial<FormProps> = {}) =>
  renderAtUrl(
    <AttestationForm
      mode="new"
      attestation={null}
      initialValues={blankAttestation(person)}
      person={{ first: 'Sid', last: 'Staff' }}
      roster={null}
      review={{ show: false, editable: false }}
      onCancel={() => {}}
      onSaved={() => {}}
      {...overrides}
    />,
    '/',
  );

/** A fetch the form's submit goes to (refused, so the form stays), and the body it was sent. */
function stubSubmit() {
  const fetch = vi.fn(async () => new Response('{"detail":"x"}', { status: 400 }));
  vi.stubGlobal('fetch', fetch);
  return async () => {
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    return JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the attestation form', () => {
  it("shows the lists the person's roster entry asks for, and none when they are not on the roster", () => {
    const off = renderForm();
    expect(screen.queryByRole('group', { name: 'Personal Securities' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Political Contributions' })).toBeNull();
    off.unmount();

    renderForm({ roster: rosterWith({ has_to_submit_political_contributions: true }) });
    expect(screen.getByRole('group', { name: 'Political Contributions' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Personal Securities' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it("shows the filer's name from their account, locked, and never sends it", async () => {
    const sent = stubSubmit();
    renderForm({ initialValues: { ...blankAttestation(person), Employment_Date__c: '2019-04-01' } });
    const first = screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement;
    const last = screen.getByRole('textbox', { name: /Last name/ }) as HTMLInputElement;
    expect([first.value, last.value]).toEqual(['Sid', 'Staff']);
    expect(first.readOnly && last.readOnly).toBe(true);
    await userEvent.type(first, 'Mallory');
    expect(first.value).toBe('Sid');

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const body = await sent();
    expect(body).not.toHaveProperty('First_Name__c');
    expect(body).not.toHaveProperty('Last_Name__c');
  });

  it('submits without the lists the roster does not ask for, even when a pre-fill left a bad row in one', async () => {
    const sent = stubSubmit();
    const badRow = { Account_Owner__c: null, Account_Number__c: null, Account_Type__c: null, Custodian__c: null };
    renderForm({
      initialValues: {
        ...blankAttestation(person),
        Employment_Date__c: '2019-04-01',
        personalSecurities: [badRow],
      },
      roster: rosterWith({ has_to_submit_political_contributions: true }),
    });
    expect(screen.queryByRole('group', { name: 'Personal Securities' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const body = await sent();
    expect(body).not.toHaveProperty('personalSecurities');
  });

  it('flags a contribution over de minimis as it is typed', async () => {
    renderForm({ roster: rosterWith({ has_to_submit_political_contributions: true }) });
    await userEvent.click(screen.getByRole('button', { name: 'Add political contribution' }));
    const amount = screen.getByLabelText(/Amount/);
    await userEvent.type(amount, '150');
    expect(screen.queryByText('Over de minimis')).toBeNull();
    await userEvent.clear(amount);
    await userEvent.type(amount, '151');
    expect(screen.getByText('Over de minimis')).toBeTruthy();
  });

  it('fills the reviewed date with today when Reviewed is chosen, and clears it for Submitted', async () => {
    renderForm({
      mode: 'edit',
      attestation: stored,
      initialValues: editValuesOf(stored, true),
      review: { show: true, editable: true },
    });
    const reviewedDate = screen.getByRole('textbox', { name: 'Reviewed date' }) as HTMLInputElement;
    expect(reviewedDate.value).toBe('');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reviewed' }));
    expect(reviewedDate.value).toBe(wireDateToText(portalToday()));

    await userEvent.clear(reviewedDate);
    await userEvent.type(reviewedDate, '11/02/2026');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Submitted' }));
    expect(reviewedDate.value).toBe('');
  });

  it('asks before removing a saved row, then deletes it on the server at once and removes it from the form', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    renderForm({
      mode: 'edit',
      attestation: stored,
      initialValues: editValuesOf(stored, false),
      roster: rosterWith({ has_to_submit_personal_securities: true }),
    });
    expect(screen.getByRole('group', { name: 'Personal security 1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove personal security 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove personal security 1' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('group', { name: 'Personal security 1' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove personal security 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove personal security 1' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Personal security 1' })).toBeNull());
    expect(fetch).toHaveBeenCalledWith('/api/personal_securities/7/', expect.objectContaining({ method: 'DELETE' }));
  });
});
