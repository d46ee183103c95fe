/** Who has attested for a period, and the reminders a CCO sends. */
export const submissionStatusMessages = {
  empty: 'No supervised persons found for this period.',
  noMatch: 'No supervised person of this period matches the search.',
  remindAllTitle: 'Remind all pending',
  /** `count` is everyone who has not attested, those whose account is not active included. */
  remindAllQuestion: (firm: string, period: string, count: number) =>
    `Email a reminder to ${count === 1 ? 'the 1 supervised person' : `each of the ${count} supervised persons`} of ${firm} who ${count === 1 ? 'has' : 'have'} not attested for ${period}? Anyone whose account is not active cannot sign in and is not reminded.`,
  /** The answer of 'Remind all pending': who was reminded, and who was passed over as inactive. */
  remindersSent: (count: number, skippedInactive = 0, skippedRecent = 0) => {
    const sent =
      count === 0
        ? skippedInactive === 0 && skippedRecent === 0
          ? 'Nobody was reminded: everyone has attested for this period.'
          : 'Nobody was reminded.'
        : count === 1
          ? 'A reminder was sent to 1 supervised person.'
          : `Reminders were sent to ${count} supervised persons.`;
    const inactive =
      skippedInactive === 0
        ? ''
        : skippedInactive === 1
          ? ' 1 supervised person who has not attested was not reminded: their account is not active.'
          : ` ${skippedInactive} supervised persons who have not attested were not reminded: their accounts are not active.`;
    const recent =
      skippedRecent === 0
        ? ''
        : skippedRecent === 1
          ? ' 1 supervised person was reminded less than a day ago and was not reminded again.'
          : ` ${skippedRecent} supervised persons were reminded less than a day ago and were not reminded again.`;
    return `${sent}${inactive}${recent}`;
  },
  chooseFirm: 'Choose a firm to remind its pending supervised persons.',
  noneToRemind: 'Everyone of this firm has attested for this period.',
} as const;
