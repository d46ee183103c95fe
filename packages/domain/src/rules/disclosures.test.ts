import { describe, expect, it } from 'vitest';
import { deliveryDateBody, disclosureUploadQuery } from '../schemas/disclosures.js';
import { testActor } from '../testing/actors.js';
import {
  advInitialDate,
  canManageDisclosures,
  canOpenDisclosureDeliveries,
  canRecordDelivery,
  currentVersion,
  deliveryDateAccepted,
  deliveryStatus,
  dueBy,
  fiscalYearEndOnOrBefore,
  overallStatus,
  seesEveryFirmsDisclosures,
} from './disclosures.js';
import { ProfileType } from './permissions.js';

const v = (id: number, effective_date: string, uploaded_at = '2026-01-01T00:00:00.000Z') => ({
  id,
  effective_date,
  uploaded_at,
});

describe('the current version of a disclosure', () => {
  it('is the newest effective on or before today; one effective later is not yet current', () => {
    const versions = [v(1, '2025-03-01'), v(2, '2026-03-01'), v(3, '2026-09-01')];
    expect(currentVersion(versions, '2026-08-31')?.id).toBe(2);
    expect(currentVersion(versions, '2026-09-01')?.id).toBe(3);
    expect(currentVersion(versions, '2025-02-28')).toBeNull();
    expect(currentVersion([], '2026-01-01')).toBeNull();
  });

  it('on the same effective date, is the newest upload (a corrected file replaces the first)', () => {
    const versions = [v(5, '2026-03-01', '2026-03-01T10:00:00.000Z'), v(4, '2026-03-01', '2026-03-02T09:00:00.000Z')];
    expect(currentVersion(versions, '2026-06-01')?.id).toBe(4);
  });
});

describe('when a client who has not received the current version is due', () => {
  it.each([
    // The fiscal year ends on March 31.
    ['2026-05-10', '2026-03-31'],
    ['2026-03-31', '2026-03-31'],
    ['2026-03-30', '2025-03-31'],
    ['2026-01-15', '2025-03-31'],
  ])('the fiscal year end on or before %s is %s', (date, end) => {
    expect(fiscalYearEndOnOrBefore(date)).toBe(end);
  });

  it.each([
    // [case, kind, effective, material, agreement, expected]
    ['CRS, existing client: 60 days after the effective date', 'crs', '2026-05-01', false, '2024-01-10', '2026-06-30'],
    [
      'ADV material change soon after the year end: 120 days after March 31',
      'adv_2a',
      '2026-04-15',
      true,
      '2020-01-01',
      '2026-07-29',
    ],
    [
      'ADV material change late in the year: 30 days after the effective date',
      'adv_2b',
      '2026-09-01',
      true,
      '2020-01-01',
      '2026-10-01',
    ],
    [
      'ADV material change in March: the previous year end is long past, so 30 days',
      'adv_2a',
      '2026-03-15',
      true,
      '2020-01-01',
      '2026-04-14',
    ],
    [
      'new client (agreement after the version): at the agreement',
      'adv_2a',
      '2026-04-15',
      false,
      '2026-06-01',
      '2026-06-01',
    ],
    ['agreement on the effective date: at the agreement', 'crs', '2026-04-15', false, '2026-04-15', '2026-04-15'],
    ['no agreement yet: due, at the agreement to come', 'crs', '2026-04-15', false, null, null],
    ["the firm's external link (no version): at the agreement", 'crs', null, false, '2025-02-02', '2025-02-02'],
  ] as const)('%s', (_case, kind, effectiveDate, materialChange, agreementDate, by) => {
    expect(dueBy({ kind, effectiveDate, materialChange, agreementDate })).toEqual({ due: true, by });
  });

  it('an ADV version without a material change is not delivered to existing clients', () => {
    expect(
      dueBy({ kind: 'adv_2a', effectiveDate: '2026-04-15', materialChange: false, agreementDate: '2021-01-01' }),
    ).toEqual({ due: false });
  });

  it.each([
    ['2026-06-30', 'due'],
    ['2026-07-01', 'overdue'],
  ] as const)('a CRS due by 06/30/2026, on %s, is %s', (today, status) => {
    const input = {
      kind: 'crs',
      effectiveDate: '2026-05-01',
      materialChange: false,
      agreementDate: '2024-01-10',
    } as const;
    expect(deliveryStatus({ ...input, published: true, received: false }, today)).toEqual({
      status,
      due_by: '2026-06-30',
    });
    expect(deliveryStatus({ ...input, published: true, received: true }, today).status).toBe('received');
    expect(deliveryStatus({ ...input, published: false, received: false }, today).status).toBe('none');
  });

  it('a client stands at the worst of their documents', () => {
    expect(overallStatus(['received', 'due', 'overdue'])).toBe('overdue');
    expect(overallStatus(['received', 'not_required', 'due'])).toBe('due');
    expect(overallStatus(['received', 'not_required', 'none'])).toBe('received');
  });
});

describe('the initial Form ADV delivery date', () => {
  it.each([
    ['2A only, received', { adv_2a: true, adv_2b: false }, { adv_2a: '2026-05-01', adv_2b: null }, '2026-05-01'],
    ['2A and 2B, only 2A received', { adv_2a: true, adv_2b: true }, { adv_2a: '2026-05-01', adv_2b: null }, null],
    [
      '2A and 2B, the later day',
      { adv_2a: true, adv_2b: true },
      { adv_2a: '2026-05-01', adv_2b: '2026-05-03' },
      '2026-05-03',
    ],
    ['nothing received', { adv_2a: true, adv_2b: false }, { adv_2a: null, adv_2b: null }, null],
  ] as const)('%s: %s', (_case, published, received, expected) => {
    expect(advInitialDate(published, received)).toBe(expected);
  });
});

describe('who does what with disclosures', () => {
  const admin = testActor({ id: 2, profile_type: ProfileType.Administrator });
  const cco = testActor({ id: 3, is_cco: true });
  const superCco = testActor({ id: 4, is_cco: true, is_super_cco: true });
  const client = testActor({ id: 5, profile_type: ProfileType.Client });
  const advisor = testActor({ id: 6, profile_type: ProfileType.FinancialAdvisor });

  it('a firm administrator uploads for their firm only; a CCO does not', () => {
    expect(canManageDisclosures(admin, 1)).toBe(true);
    expect(canManageDisclosures(admin, 2)).toBe(false);
    expect(canManageDisclosures(cco, 1)).toBe(false);
  });

  it('CCOs and administrators open the report, a super CCO every firm’s; advisors and clients do not', () => {
    expect(canOpenDisclosureDeliveries(cco)).toBe(true);
    expect(canOpenDisclosureDeliveries(admin)).toBe(true);
    expect(seesEveryFirmsDisclosures(cco)).toBe(false);
    expect(seesEveryFirmsDisclosures(superCco)).toBe(true);
    expect(canOpenDisclosureDeliveries(advisor)).toBe(false);
    expect(canOpenDisclosureDeliveries(client)).toBe(false);
  });

  it('only the client themself records a delivery, never their advisor', () => {
    expect(canRecordDelivery(client, 5)).toBe(true);
    expect(canRecordDelivery(client, 7)).toBe(false);
    expect(canRecordDelivery(advisor, 5)).toBe(false);
  });

  it('a delivery date is the portal’s today, a day either side', () => {
    expect(deliveryDateAccepted('2026-05-01', '2026-05-01')).toBe(true);
    expect(deliveryDateAccepted('2026-04-30', '2026-05-01')).toBe(true);
    expect(deliveryDateAccepted('2026-05-02', '2026-05-01')).toBe(true);
    expect(deliveryDateAccepted('2026-04-29', '2026-05-01')).toBe(false);
  });
});

describe('the disclosure bodies', () => {
  it('refuse a material change on Form CRS and an unreal date, with field messages', () => {
    const upload = disclosureUploadQuery.safeParse({
      firm: '1',
      kind: 'crs',
      effective_date: '2026-02-30',
      material_change: 'true',
    });
    expect(upload.success).toBe(false);
    const fields = Object.fromEntries(upload.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(fields).toEqual({
      effective_date: 'Enter a valid date (MM/DD/YYYY).',
      material_change: 'Only a Form ADV version has a material change.',
    });
    expect(deliveryDateBody.safeParse({ portalUserId: 3, deliveryDate: '2026-05-01', part: '2C' }).success).toBe(false);
    expect(deliveryDateBody.parse({ portalUserId: 3, deliveryDate: '2026-05-01' })).toEqual({
      portalUserId: 3,
      deliveryDate: '2026-05-01',
    });
  });
});
