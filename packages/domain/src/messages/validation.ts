/** Field messages of the shared schemas (server and web validate with the same ones). */
export const validationMessages = {
  /** A form sent back with messages on its inputs (the first one in error gets the focus). */
  correctHighlighted: 'Please correct the highlighted fields.',
  required: 'This field is required.',
  email: 'Enter a valid email address.',
  enterEmail: 'Please enter your email address.',
  wholeNumber: 'Enter a whole number.',
  id: 'Enter a valid id.',
  date: 'Enter a valid date (MM/DD/YYYY).',
  url: 'Enter a valid URL starting with http:// or https://.',
  salutation: 'Select Miss, Mr., Mrs. or Ms.',
  value: 'Enter a valid value.',
  expected: (what: string) => `Expected ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}.`,
  minLength: (n: number | bigint) => `Ensure this field has at least ${n} characters.`,
  maxLength: (n: number | bigint) => `Ensure this field has no more than ${n} characters.`,
  /** A one-line input (a name, an account, an address line) sent with a line break. */
  oneLine: 'Enter this on one line.',
  min: (n: number | bigint) => `Ensure this value is at least ${n}.`,
  max: (n: number | bigint) => `Ensure this value is at most ${n}.`,
  oneOf: (values: string[]) => `Select one of: ${values.join(', ')}.`,
  unknownFields: (keys: string[]) => `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}.`,
  /** Money (numeric(14,2)): dollars and cents, the largest amount the column holds. */
  moneyFormat: 'Enter an amount in dollars with at most 2 decimals, such as 250.00.',
  moneyPositive: 'The amount must be positive: enter an amount greater than zero.',
  moneyNotNegative: 'The amount cannot be negative.',
  moneyTooLarge: 'Enter an amount of at most $999,999,999,999.99.',
} as const;
