import type { Employee } from '@portal/domain';
import { messages } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { MemberForm } from './member-form';
import { StaffDirectoryPage } from './staff-directory-page';

const member = (id: number, first: string, last: string, preferred: string | null = null): Employee =>
  ({
    Id: id,
    Name: last,
    First_Name__c: first,
    Middle_Name__c: null,
    MiddleName__c: null,
    Suffix__c: null,
    FullName__c: `${first} ${last}`,
    Role__c: 'Standard User',
    WorkEmail__c: `${first.toLowerCase()}@example.test`,
    PreferredName__c: preferred,
    Title__c: 'Analyst',
    Bio__c: null,
    WorkPhone__c: '555-0100',
    Mobile_Phone__c: null,
    WorkAddressLine1__c: null,
    WorkAddressLine2__c: null,
    WorkCity__c: null,
    WorkState__c: null,
    WorkPostalCode__c: null,
    HomeAddressLine1__c: null,
    HomeAddressLine2__c: null,
    HomeCity__c: null,
    HomeState__c: null,
    HomePostalCode__c: null,
    FirmId__r: { Name: 'Dover Wealth' },
  }) as Employee;

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function serve(calls: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(page([member(1, 'Theodore', 'Baker', 'Teddy')])), { status: 200 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the staff directory', () => {
  it('shows a member by their preferred name, and offers no row menu to someone who is not a manager', async () => {
    serve();
    renderAtUrl(<StaffDirectoryPage />, '/staff-directory/', { user: testUser() });
    expect(await screen.findByRole('cell', { name: 'Teddy Baker' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Dover Wealth' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('offers a manager the row menu: View member, Edit member and Remove', async () => {
    serve();
    renderAtUrl(<StaffDirectoryPage />, '/staff-directory/', { user: testUser({ is_manager: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Teddy Baker' }));
    expect(await screen.findByRole('menuitem', { name: 'View member' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Edit member' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toBeTruthy();
  });

  it('the edit form refuses an over-long postal code on its input, before anything is sent', async () => {
    const calls: string[] = [];
    serve(calls);
    renderAtUrl(<MemberForm mode="edit" member={member(1, 'Theodore', 'Baker')} onDone={() => {}} />, '/');
    await userEvent.type(screen.getByRole('textbox', { name: 'Work zip/postal code' }), '1'.repeat(21));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.maxLength(20))).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
