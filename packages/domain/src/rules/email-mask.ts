/**
 * An address shown to someone who may not own the account (the holder of a mailed link): its first
 * letter and its domain, enough for the owner to recognise it, too little to learn it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
