export const usersMessages = {
  created: 'User created successfully.',
  updated: 'User updated.',
  deleted: 'User deleted successfully.',
  firmRequired: 'Select a firm.',
  firmUnknown: 'Select an existing firm.',
  profileTypeRequired: 'Select a profile type.',
  lastNameRequired: 'Enter the last name.',
  advisorInvalid: "Select an advisor of the user's firm.",
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  ownEmailInSettings: 'Change your own email address in Settings, on the Email tab.',
  superAccountOnly: 'Only a super administrator can change a super administrator or super CCO account.',
  activationSent: 'An activation link was sent to the user.',
  /** An account in use gets no activation link: a reset link goes to the address it has confirmed. */
  sendResetLink: 'Send password reset link',
  resetLinkSent: "A password reset link was sent to the user's confirmed email address.",
  passwordEndedLinkSent:
    "The user's password no longer works and their sessions ended. A link to choose a new one was sent to their confirmed email address.",
  /** An administrator's or advisor's change of an activated account's address waits for its owner. */
  emailChangeRequested: (email: string) =>
    `A confirmation link was sent to ${email}. The address changes when its owner opens the link and confirms with their password.`,
  emailChangePending: (email: string) => `Waiting for confirmation: ${email}`,
  cancelEmailChange: 'Cancel change',
  emailChangeCancelled: 'The email address change was cancelled.',
  deactivatedNoEmailChange: 'This account is deactivated. Mark it active before changing its email address.',
  deactivatedNoLink: 'This account was deactivated. Mark it active before sending an activation link.',
  invitationCancelled: 'Invitation cancelled. The activation link no longer works.',
  noPendingInvitation:
    'This account has no pending invitation: it was already activated or deactivated, or its activation link was cancelled or has expired.',
  invited: 'Invited',
  cancelInvitation: 'Cancel invitation',
  cancelInvitationTitle: (name: string) => `Cancel the invitation of ${name}`,
  cancelInvitationQuestion: (name: string) =>
    `The activation link mailed to ${name} will stop working. You can send a new one later from the user form. Cancel the invitation?`,
  keepInvitation: 'Keep invitation',
  empty: 'No users found.',
  loadingAdvisors: 'Loading advisors',
  loading: 'Loading the user…',
  loadFailed: 'The user could not be loaded. Close this window and try again.',
  /** A stored advisor who is no longer on the firm's active list. */
  unlistedAdvisor: (id: number) => `Advisor #${id}`,
  noMatchingAdvisor: 'No matching advisor',
} as const;
