/** Server-paged lists (the shared DataTable) and their confirmations. */
export const listsMessages = {
  recordCount: (count: number) => (count === 1 ? '1 record' : `${count} records`),
  loading: 'Loading…',
  delete: 'Delete',
  cancel: 'Cancel',
  deleteTitle: (name: string) => `Delete ${name}`,
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
} as const;
