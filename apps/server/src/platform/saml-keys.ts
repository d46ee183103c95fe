import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/** The SAML identity provider's signing key (PKCS#8 PEM) and its certificate (PEM). */
export interface SigningPair {
  key: string;
  cert: string;
}

/** An environment variable may carry a PEM on one line, its line breaks written `\n`. */
export const pemOf = (value: string) => value.replaceAll('\\n', '\n').trim();

/** The X.509 certificate a PEM holds, or null. */
export function certificateOf(pem: string): X509Certificate | null {
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}

/** Why a key and certificate cannot sign, or null: both readable and the one the other's. */
export function signingPairProblem(pair: SigningPair): string | null {
  const cert = certificateOf(pair.cert);
  if (!cert) return 'the certificate is not a PEM X.509 certificate';
  try {
    if (!cert.checkPrivateKey(createPrivateKey(pair.key))) return 'the key is not the certificate’s';
  } catch {
    return 'the key is not a PEM private key';
  }
  return null;
}

/**
 * A new RSA key and its self-signed certificate. Node makes the key; node-forge writes the certificate
 * (Node reads X.509 but cannot issue one). SAML service providers pin the certificate itself, so no CA.
 */
export function generateSigningPair(commonName: string, now = new Date(), years = 5, bits = 3072): SigningPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // Positive (a leading 0x01 byte) and unpredictable, as RFC 5280 wants.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + years);
  const name = [{ name: 'commonName', value: commonName }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { key: privateKey, cert: forge.pki.certificateToPem(cert) };
}

/**
 * The pair kept in `file` (outside production), made on first use. Two processes starting at once keep
 * the first one written ('wx'); a file that exists but does not hold a usable pair stops with a message
 * rather than being replaced, since every service provider trusts the certificate in it.
 */
export function storedSigningPair(file: string, commonName: string, log: (m: string) => void): SigningPair {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const made = generateSigningPair(commonName);
    try {
      writeFileSync(file, JSON.stringify(made, null, 2), { mode: 0o600, flag: 'wx' });
      log(
        `SSO_IDP_KEY and SSO_IDP_CERT were not set: generated the SAML signing key into ${file}. Set them in production.`,
      );
      return made;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  let pair: SigningPair;
  try {
    pair = JSON.parse(readFileSync(file, 'utf8')) as SigningPair;
  } catch (err) {
    throw new Error(
      `${file} cannot be read (${(err as Error).message}): restore it, or set SSO_IDP_KEY and SSO_IDP_CERT.`,
    );
  }
  const problem = signingPairProblem(pair);
  if (problem) throw new Error(`${file}: ${problem}. Restore it, or set SSO_IDP_KEY and SSO_IDP_CERT.`);
  return pair;
}
