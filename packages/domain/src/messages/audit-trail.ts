/** The audit trail viewer. */
export const auditTrailMessages = {
  title: 'Audit Trail',
  intro:
    'Every change made in the portal, newest first: who made it, when, from which address and device, and the fields it changed. Client PII and secrets are shown as [redacted].',
  empty: 'No audit events match these filters.',
  // Filters
  entity: 'Entity',
  entityId: 'Record id',
  actor: 'Actor',
  actorPlaceholder: 'Name, email or user id',
  actorDescription: 'Also finds what was done to their account while nobody was signed in.',
  actionPlaceholder: 'e.g. update',
  entityPlaceholder: 'e.g. attestation',
  action: 'Action',
  firm: 'Firm',
  allFirms: 'All firms',
  from: 'From',
  to: 'To',
  clearFilters: 'Clear filters',
  // Columns
  time: 'Time',
  requestId: 'Request id',
  changes: 'Changes',
  noChanges: 'No field changes recorded.',
  systemActor: 'System',
  /** An event caused by a request nobody signed in made (the screen and the CSV). */
  anonymousActor: 'anonymous',
  subjectOf: (name: string) => `about ${name}`,
  // Not 'Client': in this portal a client is an advisory client.
  client: 'Address and device',
  showAllChanges: (n: number) => `Show all ${n} changes`,
  showFewerChanges: 'Show fewer changes',
  emptyValue: '(empty)',
  applyFilters: 'Apply filters',
  filtersLabel: 'Filter the audit trail',
  event: 'Event',
  tableLabel: 'Audit events',
  field: 'Field',
  before: 'Before',
  after: 'After',
  // Export
  exportCsv: 'Export CSV',
  exportProgress: (bytes: number) => `Exporting… ${Math.max(1, Math.round(bytes / 1024))} KB received`,
  exportEmpty: 'No audit events to export for these filters.',
  // Verification
  verifyTitle: 'Tamper check',
  verify: 'Verify the chain',
  verifying: 'Checking every event…',
  verifyOk: (checked: number) =>
    `The audit trail is intact: ${checked.toLocaleString('en-US')} events checked, each sealed and linked to the one before it.`,
  verifyBad: (id: number, checked: number) =>
    `The audit trail has been altered: event ${id} does not match its seal or does not follow the event before it (${checked.toLocaleString('en-US')} events checked). Events from there on cannot be trusted; report it to your security officer.`,
  // Validation
  badDate: 'Enter a date as YYYY-MM-DD.',
  fromAfterTo: "'From' must be on or before 'To'.",
  badActor: 'Enter a name, an email or a user id (at most 100 characters).',
  forbidden: 'Only CCOs, administrators and super administrators may read the audit trail.',
  verifyForbidden: 'Only CCOs and super administrators may verify the audit trail.',
} as const;
