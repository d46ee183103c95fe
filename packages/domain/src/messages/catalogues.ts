/** Field messages shared by the four catalogue forms. */
export const cataloguesMessages = {
  chooseFirm: 'Choose a firm.',
  chooseModel: 'Choose a model.',
  chooseFeeSchedule: 'Choose a fee schedule.',
  chooseAdvisor: "Choose a financial advisor of the record's firm.",
  advisorOnlySelf: 'An advisor asks only for their own models and fee schedules.',
} as const;
