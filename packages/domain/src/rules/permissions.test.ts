import { describe, expect, it } from 'vitest';
import { custodianLinks, staffLinks } from '../config/links.js';
import { testActor } from '../testing/actors.js';
import { menuFor } from './menu.js';
import {
  type Actor,
  canCancelInvitation,
  canDeleteUser,
  canEditDirectory,
  canEditUser,
  canEndSessionsOf,
  canReadDirectory,
  canUpdatePersonalInfo,
  canViewUser,
  isFirmAdmin,
  ProfileType,
} from './permissions.js';

const target = (id: number, firm: number, advisor: number | null = null) => ({
  id,
  advisor,
  profile: { _firm: firm, is_super_admin: false, is_super_cco: false },
});

describe('permissions', () => {
  const superAdmin = testActor({ id: 1, profile_type: ProfileType.Administrator, is_super_admin: true });
  const firmAdmin = testActor({ id: 2, profile_type: ProfileType.Administrator });
  const advisor = testActor({ id: 3, profile_type: ProfileType.FinancialAdvisor });
  const staff = testActor({ id: 4, profile_type: ProfileType.StandardUser });

  it('lets the whole staff read the staff directory, only managers (and a super admin) edit it, clients neither', () => {
    const manager = testActor({ id: 6, profile_type: ProfileType.Manager, is_manager: true });
    const client = testActor({ id: 7, profile_type: ProfileType.Client });
    expect([superAdmin, firmAdmin, advisor, staff, manager].map(canReadDirectory)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(canReadDirectory(client)).toBe(false);
    expect([superAdmin, manager].map(canEditDirectory)).toEqual([true, true]);
    expect([firmAdmin, advisor, staff, client].map(canEditDirectory)).toEqual([false, false, false, false]);
    // A manager profile type alone is not enough: editing takes the `is_manager` flag.
    expect(canEditDirectory(testActor({ id: 8, profile_type: ProfileType.Manager }))).toBe(false);
    const entries = (a: Actor) => menuFor(a).flatMap((g) => g.entries.map((e) => e.label));
    expect(entries(staff)).toContain('Staff Directory');
    expect(entries(client)).not.toContain('Staff Directory');
  });

  it('lets a super admin see users of every firm', () => {
    expect(canViewUser(superAdmin, target(9, 2))).toBe(true);
  });

  it('lets a firm administrator see only users of their firm', () => {
    expect(canViewUser(firmAdmin, target(9, 1))).toBe(true);
    expect(canViewUser(firmAdmin, target(9, 2))).toBe(false);
  });

  it('treats the System Administrator flag as an administrator', () => {
    expect(isFirmAdmin(testActor({ id: 5, profile_type: ProfileType.StandardUser, is_admin: true }))).toBe(true);
  });

  it('lets an advisor see only their own clients', () => {
    expect(canViewUser(advisor, target(9, 1, 3))).toBe(true);
    expect(canViewUser(advisor, target(10, 1, 99))).toBe(false);
  });

  it('lets anyone else see only themself', () => {
    expect(canViewUser(staff, target(4, 1))).toBe(true);
    expect(canViewUser(staff, target(9, 1))).toBe(false);
  });

  it('lets a person update their own personal info, and an administrator that of their firm', () => {
    expect(canUpdatePersonalInfo(staff, target(4, 1))).toBe(true);
    expect(canUpdatePersonalInfo(staff, target(9, 1))).toBe(false);
    expect(canUpdatePersonalInfo(firmAdmin, target(9, 1))).toBe(true);
    expect(canUpdatePersonalInfo(firmAdmin, target(9, 2))).toBe(false);
  });

  it("leaves a super admin's account to super admins, even within the firm", () => {
    const superTarget = { id: 1, advisor: null, profile: { _firm: 1, is_super_admin: true, is_super_cco: false } };
    expect(canEditUser(firmAdmin, superTarget)).toBe(false);
    expect(canDeleteUser(firmAdmin, superTarget)).toBe(false);
    expect(
      canEditUser(
        testActor({ id: 6, _firm: 2, profile_type: ProfileType.Administrator, is_super_admin: true }),
        superTarget,
      ),
    ).toBe(true);
  });

  describe('cancelling an invitation: the people who may send the activation link', () => {
    const superAdminB = testActor({ id: 6, _firm: 2, profile_type: ProfileType.Administrator, is_super_admin: true });
    const ownClient = target(20, 1, 3);
    const otherClient = target(21, 1, 99);
    const ownStaff = target(22, 1);
    const otherFirm = target(23, 2);
    const superAccount = { id: 24, advisor: null, profile: { _firm: 1, is_super_admin: false, is_super_cco: true } };
    const cases: [string, Actor, Parameters<typeof canCancelInvitation>[1], boolean][] = [
      ['a super admin, anyone of any firm', superAdmin, otherFirm, true],
      ['a super admin, a super account', superAdmin, superAccount, true],
      ['a super admin of another firm, a super account', superAdminB, superAccount, true],
      ['a firm admin, someone of their firm', firmAdmin, ownStaff, true],
      ['a firm admin, someone of another firm', firmAdmin, otherFirm, false],
      ['a firm admin, a super account of their firm', firmAdmin, superAccount, false],
      ['an advisor, their own client', advisor, ownClient, true],
      ["an advisor, another advisor's client", advisor, otherClient, false],
      ['an advisor, a colleague', advisor, ownStaff, false],
      ['a standard user, a colleague', staff, ownStaff, false],
      ['a client, themself', testActor({ id: 20, profile_type: ProfileType.Client }), ownClient, false],
      ['a firm admin, themself', firmAdmin, target(2, 1), false],
      [
        'a super admin, themself',
        superAdmin,
        { ...target(1, 1), profile: { _firm: 1, is_super_admin: true, is_super_cco: false } },
        false,
      ],
    ];
    it.each(cases)('%s → %s', (_, who, whom, allowed) => {
      expect(canCancelInvitation(who, whom)).toBe(allowed);
    });

    // Ending a person's sessions: the same people, but administrators only (an advisor may not sign a client out).
    const endSessions = cases.map(([label, who, whom, allowed]): [string, Actor, typeof whom, boolean] => [
      label,
      who,
      whom,
      who === advisor ? false : allowed,
    ]);
    it.each(endSessions)('ending the sessions of: %s → %s', (_, who, whom, allowed) => {
      expect(canEndSessionsOf(who, whom)).toBe(allowed);
    });
  });

  it('builds menus from one definition, dropping entries a person may not use', () => {
    const groups = [
      {
        id: 'setup',
        label: 'Setup',
        place: 'setup' as const,
        entries: [{ label: 'Firm Management', to: '/setup/firms', visible: (a: Actor) => a.profile.is_super_admin }],
      },
    ];
    expect(menuFor(superAdmin, groups).map((g) => g.entries.map((e) => e.label))).toEqual([['Firm Management']]);
    expect(menuFor(firmAdmin, groups)).toEqual([]);
    expect(menuFor(staff).flatMap((g) => g.entries.map((e) => e.label))).toContain('Settings');
  });

  const labelsIn = (a: Actor, place: string) =>
    menuFor(a)
      .filter((g) => g.place === place)
      .flatMap((g) => g.entries.map((e) => e.label));

  it('offers Firm Management only to a super admin and User Management to administrators and advisors', () => {
    expect(labelsIn(superAdmin, 'setup')).toEqual([
      'Firm Management',
      'User Management',
      'Disclosure Documents',
      'Firm Links',
      'Single Sign-On',
      'Coming Soon Pages',
    ]);
    expect(labelsIn(firmAdmin, 'setup')).toEqual([
      'User Management',
      'Disclosure Documents',
      'Firm Links',
      'Single Sign-On',
      'Coming Soon Pages',
    ]);
    expect(labelsIn(advisor, 'setup')).toEqual(['User Management']);
    expect(labelsIn(staff, 'setup')).toEqual([]);
  });

  it('lists a client the custodian sites of the custodian flags they have, from configuration', () => {
    const client = testActor({
      id: 6,
      profile_type: ProfileType.Client,
      is_using_schwab: true,
      is_using_fidelity: true,
    });
    const group = menuFor(client).find((g) => g.id === 'account-management');
    expect(group?.label).toBe('Account Management');
    expect(group?.entries).toEqual([
      { label: custodianLinks.is_using_fidelity.label, to: custodianLinks.is_using_fidelity.url, external: true },
      { label: custodianLinks.is_using_schwab.label, to: custodianLinks.is_using_schwab.url, external: true },
    ]);
    expect(menuFor(client).some((g) => g.id === 'links')).toBe(false);
    expect(labelsIn(client, 'setup')).toEqual([]);
  });

  it('gives staff and clients alike Life Impact and Calendar', () => {
    for (const who of [staff, advisor, firmAdmin, testActor({ id: 8, profile_type: ProfileType.Client })]) {
      const entries = menuFor(who)
        .filter((g) => g.place === 'main')
        .flatMap((g) => g.entries.map((e) => e.to));
      expect(entries).toContain('/life-impact/');
      expect(entries).toContain('/calendar');
    }
  });

  it('gives a client without custodian flags no Account Management group', () => {
    expect(
      menuFor(testActor({ id: 7, profile_type: ProfileType.Client })).some((g) => g.id === 'account-management'),
    ).toBe(false);
  });

  it('gives staff the Links menu from configuration and no Account Management', () => {
    const links = menuFor(staff).find((g) => g.id === 'links');
    expect(links?.entries.map((e) => e.to)).toEqual(staffLinks.map((l) => l.url));
    expect(links?.entries.every((e) => e.external)).toBe(true);
    expect(
      menuFor(testActor({ id: 4, profile_type: ProfileType.StandardUser, is_using_schwab: true })).map((g) => g.id),
    ).not.toContain('account-management');
  });

  it('gives staff the Compliance menu, the submission status to CCOs, Supervised Persons only to a super CCO, and clients none', () => {
    expect(labelsIn(staff, 'main').slice(0, 1)).toEqual(['Quarterly Attestations']);
    const compliance = (a: Actor) =>
      menuFor(a)
        .find((g) => g.id === 'compliance')
        ?.entries.map((e) => e.to);
    expect(compliance(staff)).toEqual(['/compliance/attestations']);
    expect(compliance(testActor({ id: 8, profile_type: ProfileType.StandardUser, is_cco: true }))).toEqual([
      '/compliance/attestations',
      '/compliance/quarterly-attestation-submission-status/',
      '/compliance/disclosure-deliveries',
      '/compliance/audit-trail',
    ]);
    expect(
      compliance(testActor({ id: 9, profile_type: ProfileType.Administrator, is_cco: true, is_super_cco: true })),
    ).toEqual([
      '/compliance/attestations',
      '/compliance/supervised-persons/',
      '/compliance/quarterly-attestation-submission-status/',
      '/compliance/disclosure-deliveries',
      '/compliance/audit-trail',
    ]);
    expect(
      menuFor(testActor({ id: 8, profile_type: ProfileType.StandardUser, is_cco: true }))
        .find((g) => g.id === 'compliance')
        ?.entries.map((e) => e.label),
    ).toContain('Attestation Submission Status');
    expect(compliance(testActor({ id: 10, profile_type: ProfileType.Client }))).toBeUndefined();
  });

  it('offers the audit trail to CCOs, administrators and super administrators, and to nobody else', () => {
    const offered = (a: Actor) => menuFor(a).flatMap((g) => g.entries.map((e) => e.label));
    for (const reader of [
      testActor({ id: 12, profile_type: ProfileType.StandardUser, is_cco: true }),
      testActor({ id: 13, profile_type: ProfileType.Administrator }),
      testActor({ id: 14, profile_type: ProfileType.Administrator, is_super_admin: true }),
    ])
      expect(offered(reader)).toContain('Audit Trail');
    for (const other of [
      staff,
      testActor({ id: 15, profile_type: ProfileType.FinancialAdvisor }),
      testActor({ id: 16, profile_type: ProfileType.Client }),
    ])
      expect(offered(other)).not.toContain('Audit Trail');
  });

  it('offers the disclosure deliveries to CCOs and administrators, and the documents to administrators only', () => {
    const offered = (a: Actor) => menuFor(a).flatMap((g) => g.entries.map((e) => e.label));
    expect(offered(firmAdmin)).toEqual(expect.arrayContaining(['Disclosure Deliveries', 'Disclosure Documents']));
    expect(offered(testActor({ id: 11, profile_type: ProfileType.StandardUser, is_cco: true }))).toContain(
      'Disclosure Deliveries',
    );
    expect(offered(testActor({ id: 11, profile_type: ProfileType.StandardUser, is_cco: true }))).not.toContain(
      'Disclosure Documents',
    );
    expect(offered(advisor)).not.toContain('Disclosure Deliveries');
    expect(offered(staff)).not.toContain('Disclosure Deliveries');
  });
});
