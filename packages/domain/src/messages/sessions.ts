export const sessionsMessages = {
  title: 'Sessions',
  intro: 'The places where you are signed in. End any session you do not recognise.',
  device: 'Device',
  address: 'Address',
  signedIn: 'Signed in',
  lastUsed: 'Last used',
  thisSession: 'This session',
  end: 'End',
  endSession: (device: string) => `End the session on ${device}`,
  endOthers: 'End all other sessions',
  endOthersConfirm: 'Every other session of your account will be signed out. This session stays signed in.',
  ended: 'Session ended.',
  othersEnded: (n: number) =>
    n === 0 ? 'There were no other sessions to end.' : `${n} other session${n === 1 ? '' : 's'} ended.`,
  empty: 'No active sessions.',
  endUserSessions: 'End all sessions',
  endUserSessionsConfirm: (name: string) =>
    `${name} will be signed out everywhere and must sign in again. Their password does not change.`,
  userSessionsEnded: (n: number) =>
    n === 0 ? 'The user had no active sessions.' : `${n} session${n === 1 ? '' : 's'} ended.`,
  idleTimeoutLabel: 'Idle timeout (minutes)',
  idleTimeoutHelp: 'A signed-in session that is not used for this long ends (5 to 480 minutes).',
} as const;
