export const frameMessages = {
  // Shown by index.html's frame to a browser that runs no scripts (its loading bar would spin forever).
  noScript: 'This portal needs JavaScript: turn it on in your browser, then reload the page.',
} as const;
