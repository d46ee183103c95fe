import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { generateSigningPair } from './platform/saml-keys.js';

const quiet = () => {};
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'portal-config-'));
const key = 'k'.repeat(48);
const production = {
  NODE_ENV: 'production',
  SECRET_KEY: key,
  PII_ENCRYPTION_KEY: 'p'.repeat(48),
  PUBLIC_URL: 'https://portal.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
};

describe('configuration', () => {
  it('in production refuses to start without SMTP_URL, so no mail and its link ever go to the log', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = production;
    expect(() => loadConfig(withoutSmtp, quiet)).toThrow(/SMTP_URL must be set when NODE_ENV=production/);
    expect(loadConfig(production, quiet).smtpUrl).toBe('smtp://mail.example.com:587');
  });

  it('in production refuses an http address, one key for both purposes, and a key of blanks', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://portal.example.com' }, quiet)).toThrow(/https/);
    expect(() => loadConfig({ ...production, PII_ENCRYPTION_KEY: key }, quiet)).toThrow(/must differ/);
    expect(() => loadConfig({ ...production, SECRET_KEY: ' '.repeat(40) }, quiet)).toThrow(/at least 32 characters/);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's ${VAR:-}, written as compose writes it
  it('reads an empty variable as unset (compose passes ${VAR:-} as an empty string)', () => {
    const config = loadConfig({ ...production, METRICS_TOKEN: '', SSO_IDP_KEY: '', SSO_IDP_CERT_NEXT: '' }, quiet);
    expect(config.sso.nextCert).toBeNull();
  });

  it('honours the demo two-factor policy outside production only, unless ALLOW_DEMO_SIGN_IN says otherwise', () => {
    expect(loadConfig(production, quiet).allowDemoSignIn).toBe(false);
    expect(loadConfig({ ...production, ALLOW_DEMO_SIGN_IN: 'true' }, quiet).allowDemoSignIn).toBe(true);
    const dev = { DATA_DIR: dataDir(), SECRET_KEY: key, PII_ENCRYPTION_KEY: 'p'.repeat(48) };
    expect(loadConfig(dev, quiet).allowDemoSignIn).toBe(true);
    expect(loadConfig({ ...dev, ALLOW_DEMO_SIGN_IN: '0' }, quiet).allowDemoSignIn).toBe(false);
    expect(() => loadConfig({ ...dev, ALLOW_DEMO_SIGN_IN: 'yes' }, quiet)).toThrow(/ALLOW_DEMO_SIGN_IN/);
  });

  it('takes the previous PII keys comma-separated, each at least 32 characters, none by default', () => {
    expect(loadConfig(production, quiet).piiKeysPrevious).toEqual([]);
    const old = ['o'.repeat(40), 'q'.repeat(40)];
    expect(
      loadConfig({ ...production, PII_ENCRYPTION_KEYS_PREVIOUS: ` ${old[0]}, ${old[1]},` }, quiet).piiKeysPrevious,
    ).toEqual(old);
    expect(() => loadConfig({ ...production, PII_ENCRYPTION_KEYS_PREVIOUS: 'short' }, quiet)).toThrow(
      /PII_ENCRYPTION_KEYS_PREVIOUS: each key must be at least 32 characters/,
    );
  });

  it('takes the metrics token of at least 32 characters, none by default (the metrics are off)', () => {
    expect(loadConfig(production, quiet).metricsToken).toBeUndefined();
    const token = 'm'.repeat(40);
    expect(loadConfig({ ...production, METRICS_TOKEN: token }, quiet).metricsToken).toBe(token);
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'short' }, quiet)).toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
    expect(() => loadConfig({ ...production, METRICS_TOKEN: production.SECRET_KEY }, quiet)).toThrow(
      /METRICS_TOKEN must differ/,
    );
  });

  it('runs the scheduled jobs unless told not to, the reminders at 8:00 unless another hour is set', () => {
    expect(loadConfig(production, quiet).jobs).toMatchObject({ enabled: true, reminderHour: 8 });
    const tuned = loadConfig({ ...production, JOBS_ENABLED: 'false', ATTESTATION_REMINDER_HOUR: '6' }, quiet);
    expect(tuned.jobs).toMatchObject({ enabled: false, reminderHour: 6 });
    for (const hour of ['24', '-1', '7.5', 'eight'])
      expect(() => loadConfig({ ...production, ATTESTATION_REMINDER_HOUR: hour }, quiet)).toThrow(
        /ATTESTATION_REMINDER_HOUR must be an hour from 0 to 23/,
      );
  });

  it('opens at most 10 database connections per instance unless DATABASE_POOL_MAX says otherwise', () => {
    expect(loadConfig(production, quiet).databasePoolMax).toBe(10);
    expect(loadConfig({ ...production, DATABASE_POOL_MAX: '25' }, quiet).databasePoolMax).toBe(25);
    for (const max of ['0', '201', '2.5', 'many'])
      expect(() => loadConfig({ ...production, DATABASE_POOL_MAX: max }, quiet)).toThrow(
        /DATABASE_POOL_MAX must be a whole number from 1 to 200/,
      );
  });

  it('generates the secrets once when the file is missing, and reads the same ones afterwards', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }, quiet);
    const second = loadConfig({ DATA_DIR: dir }, quiet);
    expect(second.secretKey).toBe(first.secretKey);
    expect(second.piiKey).toBe(first.piiKey);
  });

  it('stops with a message on a corrupt secrets file instead of rotating the signing and PII keys', () => {
    const dir = dataDir();
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, '{"SECRET_KEY": "trunc');
    expect(() => loadConfig({ DATA_DIR: dir }, quiet)).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir }, quiet)).toThrow(/cannot be read.*Restore it from a backup/);
    writeFileSync(file, '{"SECRET_KEY": "short"}');
    expect(() => loadConfig({ DATA_DIR: dir }, quiet)).toThrow(/does not hold SECRET_KEY and PII_ENCRYPTION_KEY/);
    expect(readFileSync(file, 'utf8')).toBe('{"SECRET_KEY": "short"}');
  });
});

describe('the SAML identity provider’s signing key', () => {
  const a = generateSigningPair('A', new Date(), 1, 2048);
  const b = generateSigningPair('B', new Date(), 1, 2048);

  it('takes the pair from the environment, on one line if need be, and refuses a key of another certificate', () => {
    const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
    const config = loadConfig({ ...production, SSO_IDP_KEY: oneLine(a.key), SSO_IDP_CERT: oneLine(a.cert) }, quiet);
    expect(config.sso.signing()?.cert).toBe(a.cert.trim());
    expect(() => loadConfig({ ...production, SSO_IDP_KEY: a.key, SSO_IDP_CERT: b.cert }, quiet)).toThrow(
      /SSO_IDP_KEY\/SSO_IDP_CERT: the key is not the certificate’s/,
    );
    expect(() => loadConfig({ ...production, SSO_IDP_KEY: a.key }, quiet)).toThrow(/must be set together/);
    expect(() => loadConfig({ ...production, SSO_IDP_CERT_NEXT: 'not a certificate' }, quiet)).toThrow(
      /SSO_IDP_CERT_NEXT must be a PEM X.509 certificate/,
    );
  });

  it('in production without the pair, turns single sign-on off rather than refusing to start', () => {
    expect(loadConfig(production, quiet).sso.signing()).toBeNull();
  });

  it('outside production makes the pair on first use into DATA_DIR, and reads the same one afterwards', () => {
    const dir = dataDir();
    const said: string[] = [];
    const first = loadConfig({ DATA_DIR: dir }, (m) => said.push(m));
    expect(said.some((m) => m.includes('sso-idp.json'))).toBe(false);
    const pair = first.sso.signing();
    expect(said.some((m) => m.includes('sso-idp.json'))).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }, quiet).sso.signing()).toEqual(pair);
    writeFileSync(path.join(dir, 'sso-idp.json'), JSON.stringify({ key: a.key, cert: b.cert }));
    expect(() => loadConfig({ DATA_DIR: dir }, quiet).sso.signing()).toThrow(/the key is not the certificate’s/);
  });

  it('warns when the signing certificate expires within 30 days', () => {
    const old = generateSigningPair('Old', new Date(Date.now() - 360 * 86_400_000), 1, 2048);
    const said: string[] = [];
    loadConfig({ ...production, SSO_IDP_KEY: old.key, SSO_IDP_CERT: old.cert }, (m) => said.push(m));
    expect(said.join('\n')).toMatch(/SSO_IDP_CERT expires on/);
  });
});
