export const investorProfilesMessages = {
  found: 'Investor profile found.',
  saved: 'Investor profile saved.',
  notFound: 'Investor profile not found.',
  selectOption: 'Please select an option',
  notExhibitBUser: 'This client does not use the Exhibit B investor profile.',
  advisorNote: 'Do not use Exhibit B Investor(s) Profile Form if private assets are held.',
  clientNote:
    'Please promptly notify your Advisor of any material change in life or financial circumstances that may change the investment objectives for managing the Portfolio.',
} as const;
