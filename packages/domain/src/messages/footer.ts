export const footerMessages = {
  disclaimer:
    'Investment advice offered through a registered investment advisor. The advisor may only transact business in those states in which it is registered, or qualifies for an exemption or exclusion from registration requirements.',
} as const;
