import { z } from 'zod';

/**
 * Field messages a person understands ("This field is required.") instead of zod's developer-facing
 * defaults. Installed once, wherever the domain package is loaded (server and web alike).
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return 'This field is required.';
        return `Expected ${article(issue.expected)}.`;
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1
            ? 'This field is required.'
            : `Ensure this field has at least ${issue.minimum} characters.`;
        }
        return `Ensure this value is at least ${issue.minimum}.`;
      case 'too_big':
        if (issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
        return `Ensure this value is at most ${issue.maximum}.`;
      case 'invalid_format':
        return issue.format === 'email' ? 'Enter a valid email address.' : 'Enter a valid value.';
      case 'invalid_value':
        return `Select one of: ${issue.values.map(String).join(', ')}.`;
      case 'unrecognized_keys':
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
      default:
        return undefined;
    }
  },
});

function article(expected: string): string {
  const word = expected === 'int' ? 'whole number' : expected;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
