/** What the home screens show: labels, headings, buttons. */
export const homeScreenMessages = {
  welcome: (name: string) => `Welcome, ${name}`,
};
