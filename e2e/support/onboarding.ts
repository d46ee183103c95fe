import type { Locator, Page } from '@playwright/test';
import { messages } from '@portal/domain';
import { expect } from './fixtures.js';

const l = messages.onboarding.clientAgreement;
const f = l.fields;
const s = l.sections;

/** The signed-in person's headers for a write through `page.request` (the session cookie, its CSRF token). */
export async function apiHeaders(page: Page) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': csrf, Origin: new URL(page.url()).origin };
}

/** Picks `option` in the select named `label`; its options open in a layer of the page. */
export async function choose(scope: Page | Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** One column of the client agreement form ('Client', 'Joint Client', 'Minor', 'Custodian'). */
export const agreementColumn = (page: Page, legend: string) => page.getByRole('group', { name: legend, exact: true });

export const section = (column: Locator, name: string) => column.getByRole('group', { name, exact: true });

export interface Address {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export async function fillAddress(page: Page, group: Locator, a: Address) {
  await group.getByRole('textbox', { name: new RegExp(`^${f.street}`) }).fill(a.street);
  await group.getByRole('textbox', { name: new RegExp(`^${f.city}`) }).fill(a.city);
  await choose(group, page, new RegExp(`^${f.state}`), a.state);
  await group.getByRole('textbox', { name: new RegExp(`^${f.zip}`) }).fill(a.zip);
}

export interface Person {
  name: string;
  cell: string;
  business: string;
  home: string;
  email: string;
  mailPreference: string;
  employment: string;
  /** Typed as MM/DD/YYYY, the way a person types them. */
  dob: string;
  ssn: string;
  license: string;
  licenseState: string;
  licenseIssued: string;
  licenseExpires: string;
}

const exact = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\']/g, '\\$&')}`);

/** Everything of a column but its addresses: name, phones, email, employment and identity. */
export async function fillPerson(page: Page, column: Locator, p: Person) {
  await column.getByRole('textbox', { name: exact(f.name) }).fill(p.name);
  const contact = section(column, s.contact);
  await contact.getByRole('textbox', { name: exact(f.cellPhone) }).fill(p.cell);
  await contact.getByRole('textbox', { name: exact(f.businessPhone) }).fill(p.business);
  await contact.getByRole('textbox', { name: exact(f.homePhone) }).fill(p.home);
  await contact.getByRole('textbox', { name: exact(f.email) }).fill(p.email);
  await choose(contact, page, exact(f.mailPreference), p.mailPreference);
  await choose(section(column, s.employment), page, exact(f.employmentStatus), p.employment);
  const identity = section(column, s.identity);
  await identity.getByRole('textbox', { name: exact(f.dob) }).fill(p.dob);
  await identity.getByRole('textbox', { name: exact(f.ssn) }).fill(p.ssn);
  await identity.getByRole('textbox', { name: exact(f.driversLicense) }).fill(p.license);
  await choose(identity, page, exact(f.licenseIssueState), p.licenseState);
  await identity.getByRole('textbox', { name: exact(f.licenseIssueDate) }).fill(p.licenseIssued);
  await identity.getByRole('textbox', { name: exact(f.licenseExpirationDate) }).fill(p.licenseExpires);
}

/** The page scrolls only downwards: nothing is wider than the screen. */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client);
}
