/** What the app's frame show: labels, headings, buttons. */
export const shellScreenMessages = {
  skipToMainContent: 'Skip to main content',
  notAllowed: 'Not allowed',
  goToTheHomePage: 'Go to the home page',
  loading: 'Loading',
  setup: 'Setup',
  logOut: 'Log Out',
  main: 'Main',
  toggleNavigation: 'Toggle navigation',
  pageNotFound: 'Page not found',
  somethingWentWrong: 'Something went wrong',
  reload: 'Reload',
  closeNotification: 'Close notification',
  portal: 'Portal',
  firmHome: (firm: string) => `${firm} home`,
  setupGroup: (group: string) => `Setup: ${group}`,
};
