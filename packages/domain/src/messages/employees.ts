/** The staff directory. */
export const employeesMessages = {
  updated: 'Member updated.',
  removed: 'Staff member removed.',
  empty: 'No staff members found.',
  searchPlaceholder: 'Search by first, last or preferred name',
  removeTitle: 'Remove staff member',
  removeConfirm: (name: string) =>
    `Remove ${name} from the staff directory? Their account stays as it is; they are only no longer listed.`,
  viewTitle: 'Staff member',
  editTitle: 'Edit member',
  loadFailed: 'The staff member could not be loaded. Close this window and try again.',
} as const;
