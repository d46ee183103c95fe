/**
 * The mails about a person's own account: its activation, a password link, a change of its address, a reset
 * of its two-factor sign-in. Each is `{ subject, text }`; links are made by the server.
 */
const hello = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;

/** Who sent a password link, which says why it comes. */
export type PasswordLinkSender = 'request' | 'administrator' | 'administrator_ended_password';

export const accountMailMessages = {
  activation: (r: { firstName: string | null; link: string }) => ({
    subject: 'Activate your portal account',
    text: `${hello(r.firstName)}\n\nAn account has been created for you on the portal. To set your password and activate it, open this link within 7 days:\n\n${r.link}\n`,
  }),
  passwordReset: (r: { firstName: string | null; link: string; sentBy: PasswordLinkSender }) => {
    const why = {
      request: 'Someone asked to reset the password of your portal account.',
      administrator: 'An administrator of your firm sent you a link to choose a new password for your portal account.',
      administrator_ended_password:
        'An administrator of your firm ended the password of your portal account and signed it out everywhere.',
    }[r.sentBy];
    const after =
      r.sentBy === 'administrator_ended_password'
        ? 'Your old password no longer works.'
        : 'If you did not expect it, ignore this message: your password stays as it is.';
    return {
      subject: 'Reset your portal password',
      text: `${hello(r.firstName)}\n\n${why} To choose a new password, open this link within 24 hours:\n\n${r.link}\n\n${after}\n`,
    };
  },
  /** To the new address: it carries no text anyone typed (a name can say anything; the address proved nothing). */
  emailChangeConfirm: (r: { byOwner: boolean; link: string }) => {
    const step = r.byOwner
      ? 'To confirm the change, open this link within 24 hours:'
      : 'An administrator or advisor of the firm asked for it. To confirm that the account is yours, open this link within 24 hours and enter the account’s portal password:';
    return {
      subject: 'Confirm your new portal email address',
      text: `Hello,\n\nThe email address of a portal account is to change to this address. ${step}\n\n${r.link}\n\nUntil then the account keeps its current address. If you did not expect this, ignore this message: nothing changes.\n`,
    };
  },
  /** To the proven address, naming who asked (`requestedBy` is null when the owner did). */
  emailChangeRequested: (r: { newEmail: string; requestedBy: string | null }) => ({
    subject: 'A change of your portal email address was requested',
    text:
      r.requestedBy === null
        ? `Hello,\n\nYou asked to change the email address of your portal account to ${r.newEmail}. It changes only if the link mailed to that address is opened within 24 hours.\n\nIf you did not ask for this, sign in and cancel it in Settings, on the Email tab, change your password, and tell your administrator.\n`
        : `Hello,\n\n${r.requestedBy} asked to change the email address of your portal account to ${r.newEmail}. It changes only if the link mailed to that address is opened within 24 hours and your password is entered there.\n\nIf you do not expect this change, do not confirm it: sign in and cancel it in Settings, on the Email tab, and tell your firm's compliance officer.\n`,
  }),
  emailChanged: (r: { newEmail: string }) => ({
    subject: 'Your portal email address was changed',
    text: `The email address of your portal account was changed to ${r.newEmail}. If you did not make this change, contact your administrator at once.\n`,
  }),
  twoFactorReset: (r: { firstName: string | null }) => ({
    subject: 'Your two-factor sign-in was reset',
    text: `${hello(r.firstName)}\n\nAn administrator reset the two-factor sign-in of your portal account: your authenticator app, passkeys and recovery codes no longer work, and you were signed out everywhere. Sign in with your password to set up a new factor.\n\nIf you did not ask for this, contact your administrator at once.\n`,
  }),
};
