import { MAX_ID } from '@portal/domain';

// The account id in a mailed link's path (activation, reset, address change): base64url of its digits.

export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | undefined {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  const id = Number(text);
  return /^[1-9][0-9]{0,9}$/.test(text) && id <= MAX_ID ? id : undefined;
}
