import type { Config } from '../../config.js';

/**
 * The relying party of the portal's passkeys: its public address, never the request's Host header,
 * so a passkey made on the portal is refused anywhere else (and one made elsewhere here).
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Portal' };
}

/** The challenge a browser signed, read from its client data (base64url JSON); undefined if unreadable. */
export function challengeOfClientData(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 256 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}
