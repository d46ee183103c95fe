/** The firm's Life Impact page, written by its administrators for everyone. */
export const lifeImpactMessages = {
  title: 'Life Impact',
  empty: 'Nothing has been written here yet. Your firm will share its Life Impact stories on this page soon.',
  edit: 'Edit page',
  save: 'Save page',
  cancel: 'Cancel',
  saved: 'Life Impact page saved.',
  editorLabel: 'Life Impact page content',
  tooLong: (max: number) => `The page is too long: keep it under ${Math.round(max / 1000)} KB of text and formatting.`,
  lastUpdated: (when: string) => `Last updated ${when}`,
} as const;
