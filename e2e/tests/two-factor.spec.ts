import type { Page } from '@playwright/test';
import { messages, ProfileType } from '@portal/domain';
import { Secret, TOTP } from 'otpauth';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { expect, expectAccessible, mailTo, signIn, signOut, TEST_PASSWORD, test } from '../support/fixtures.js';

const m = messages.twoFactor;

/** The code an authenticator app shows for `secret` (as the page prints it: in groups of four). */
const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
/** A code is accepted once: the next sign-in waits for the app's next code (at most 30 s). */
const nextStep = () => new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));

async function passwordStep(page: Page, email: string) {
  await page.goto('/account/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Starts an authenticator set-up on the page, confirms it with a computed code, returns the secret. */
async function setUpAuthenticator(page: Page) {
  await page.getByRole('button', { name: m.startTotp }).click();
  await expect(page.getByRole('img', { name: m.qrAlt })).toBeVisible();
  // What a person reads and types into an authenticator app: the rendered text, not the DOM's.
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is asserted
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await page.getByLabel(m.confirmCode).fill('000000');
  await page.getByRole('button', { name: m.confirmTotp }).click();
  await expect(page.getByText(m.codeWrong)).toBeVisible();
  await page.getByLabel(m.confirmCode).fill(codeOf(secret));
  await page.getByRole('button', { name: m.confirmTotp }).click();
  const codes = page.getByRole('list', { name: m.recoveryCodesTitle }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page);
  return secret;
}

test('a person sets up an authenticator app in Settings, then signs in with the password and its code', async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  const user = await db.createUser(db.db, { email: `totp.${Date.now()}@example.test`, firstName: 'Tova' });
  await passwordStep(page, user.email);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tova');

  await page.goto('/settings/security');
  await expect(page.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(m.noFactors)).toBeVisible();
  await expectAccessible(page);
  const secret = await setUpAuthenticator(page);
  await page.getByRole('button', { name: m.recoveryCodesDone }).click();
  await expect(page.getByRole('cell', { name: new RegExp(m.authenticatorApp) }).first()).toBeVisible();
  await expect(page.getByText(m.recoveryCodesLeft(10))).toBeVisible();

  await signOut(page);
  await passwordStep(page, user.email);
  await expect(page.getByRole('heading', { name: messages.auth.mfaTitle })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(messages.auth.mfaCode).fill('123456');
  await page.getByRole('button', { name: messages.auth.mfaVerify }).click();
  await expect(page.getByRole('alert')).toContainText(m.codeWrong);

  await nextStep();
  await page.getByLabel(messages.auth.mfaCode).fill(codeOf(secret));
  await page.getByRole('button', { name: messages.auth.mfaVerify }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await expect(page).toHaveURL(/\/$/);
});

test('an administrator of a firm that requires a second factor is sent to set one up right after signing in', async ({
  page,
  db,
}) => {
  const firm = await db.createFirm(db.db, { twoFactorPolicy: 'required' });
  const admin = await db.createUser(db.db, {
    email: `held.${Date.now()}@example.test`,
    firstName: 'Hal',
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  await passwordStep(page, admin.email);
  await expect(page).toHaveURL(/\/account\/two-factor/);
  await expect(page.getByRole('heading', { name: m.setupTitle })).toBeVisible();
  await expect(page.getByText(m.setupRequiredIntro)).toBeVisible();
  await expectAccessible(page);
  // Elsewhere is refused until a factor is confirmed: the shell comes back here.
  await page.goto('/users');
  await expect(page).toHaveURL(/\/account\/two-factor/);

  await setUpAuthenticator(page);
  // Then on to where they were going.
  await page.getByRole('button', { name: m.recoveryCodesDone }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
});

test("an administrator resets a user's second factors from the Users list; the user is mailed", async ({
  page,
  db,
}) => {
  const stamp = Date.now();
  const firm = await db.createFirm(db.db);
  const admin = await db.createUser(db.db, {
    email: `resetter.${stamp}@example.test`,
    firstName: 'Rae',
    profile: { firmId: firm.id, profileType: ProfileType.Administrator },
  });
  const user = await db.createUser(db.db, {
    email: `lostphone.${stamp}@example.test`,
    firstName: 'Lou',
    lastName: `Lostphone${stamp}`,
    profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
  });
  // A passkey on record (its key is never read here): the person has lost the device.
  await db.db.insert(schema.mfaFactors).values({
    userId: user.id,
    kind: 'webauthn',
    label: 'Old phone',
    credentialId: `cred-${stamp}`,
    publicKey: 'AA',
    signCount: 0,
    confirmedAt: new Date(),
  });
  await signIn(page, admin.email);
  await page.goto(`/users?search=Lostphone${stamp}`);
  const name = `Lostphone${stamp}, Lou`;
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: m.resetAction }).click();
  const dialog = page.getByRole('dialog', { name: m.resetTitle });
  await expect(dialog.getByText(m.resetIntro(`Lou Lostphone${stamp}`))).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: m.resetAction }).click();
  await expect(page.getByText(m.resetDone)).toBeVisible();
  const mail = await mailTo(user.email, 'two-factor sign-in of your portal account');
  expect(mail.raw).toContain('Your two-factor sign-in was reset');
  // Signed in with the password alone again.
  await signOut(page);
  await signIn(page, user.email);
});
