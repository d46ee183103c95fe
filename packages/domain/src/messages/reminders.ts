/** Reminders of the quarterly attestation: the mails, and the refusals of the send calls. */
export const remindersMessages = {
  subject: (period: string, late: boolean) =>
    late ? `Overdue: your quarterly attestation for ${period}` : `Reminder: your quarterly attestation for ${period}`,
  /** `due` is MM/DD/YYYY; `lead` says why this mail comes now (the filing opened, the due date is near). */
  text: (r: { firstName: string | null; period: string; due: string; late: boolean; lead: string; link: string }) =>
    [
      `Hello${r.firstName ? ` ${r.firstName}` : ''},`,
      '',
      r.lead,
      r.late
        ? `Your quarterly attestation for ${r.period} was due on ${r.due} and has not been filed. Please file it now.`
        : `Please file your quarterly attestation for ${r.period} by ${r.due}.`,
      '',
      `File it here: ${r.link}`,
      '',
      'If you have already filed it, you can ignore this message.',
    ].join('\n'),
  leadManual: 'Your chief compliance officer asks you to file your quarterly attestation.',
  leadOpening: (period: string) => `The filing of quarterly attestations for ${period} is now open.`,
  leadBeforeDue: (days: number) =>
    days <= 0
      ? 'Your quarterly attestation is due today.'
      : `Your quarterly attestation is due in ${days === 1 ? '1 day' : `${days} days`}.`,
  escalationSubject: (firm: string, period: string, count: number) =>
    `${firm}: ${count} supervised ${count === 1 ? 'person has' : 'persons have'} not filed the ${period} attestation`,
  /**
   * `people` are lines "Last, First <email>" with `lastReminded` (and `inactiveNote`); `due` is
   * MM/DD/YYYY.
   */
  escalationText: (r: { firm: string; period: string; due: string; people: string[]; link: string }) =>
    [
      `The quarterly attestation for ${r.period} was due on ${r.due}. These supervised persons of ${r.firm} have not filed it and are delinquent:`,
      '',
      ...r.people.map((p) => `- ${p}`),
      '',
      `Follow up with them, and see where everyone stands: ${r.link}`,
    ].join('\n'),
  /** When the person was last reminded of the period (MM/DD/YYYY), or that they never were. */
  lastReminded: (date: string | null) => (date ? `, last reminded ${date}` : ', never reminded'),
  inactiveNote: ' (account not active: cannot sign in to attest)',
  periodName: (fiscalYear: number, fiscalQuarter: number) => `FY${fiscalYear} Q${fiscalQuarter}`,
  alreadyFiled: (period: string) =>
    `This person has already filed the attestation for ${period}: no reminder was sent.`,
  inactive: 'This person’s account is not active, so they cannot sign in to attest: no reminder was sent.',
  remindedRecently:
    'This person was reminded less than a day ago (see Last Reminded): a supervised person is reminded at most once a day.',
  notBeingFiled: (period: string, current: string) =>
    `Reminders are for the quarter being filed now, ${current}: the attestation form files only that quarter, so a reminder about ${period} could not be acted on.`,
} as const;
