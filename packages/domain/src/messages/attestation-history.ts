/** An attestation's History tab: its audit trail and the original submission. */
export const attestationHistoryMessages = {
  tab: 'History',
  formTab: 'Attestation',
  loading: 'Loading the history…',
  empty: 'No changes have been recorded for this attestation.',
  viewOriginal: 'View original submission',
  backToHistory: 'Back to history',
  originalTitle: 'Original submission',
  originalNotRecorded:
    'The original submission was not recorded: this attestation was filed before its history was kept.',
  noFieldChanged: 'Saved without changing any field.',
  unknownActor: 'The system',
  redacted: 'Redacted',
  noValue: '—',
  field: 'Field',
  before: 'Before',
  after: 'After',
  /** What an event did, by its action and the record it touched. */
  action: (action: string, entity: string) => {
    if (entity !== 'attestation') return action === 'delete' ? `Removed a ${entity}` : `Changed a ${entity}`;
    if (action === 'create') return 'Submitted the attestation';
    if (action === 'review') return 'Changed the review';
    if (action === 'delete') return 'Deleted the attestation';
    return 'Edited the attestation';
  },
} as const;
