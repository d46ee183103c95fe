import { z } from 'zod';
import { messages } from '../messages.js';

const v = messages.validation;

/**
 * Field messages a person understands ("This field is required.") instead of zod's developer-facing
 * defaults. Installed once, wherever the domain package is loaded (server and web alike).
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return v.required;
        return v.expected(issue.expected === 'int' ? 'whole number' : issue.expected);
      case 'too_small':
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? v.required : v.minLength(issue.minimum);
        return v.min(issue.minimum);
      case 'too_big':
        return issue.origin === 'string' ? v.maxLength(issue.maximum) : v.max(issue.maximum);
      case 'invalid_format':
        return issue.format === 'email' ? v.email : v.value;
      case 'invalid_value':
        return v.oneOf(issue.values.map(String));
      case 'unrecognized_keys':
        return v.unknownFields(issue.keys);
      default:
        return undefined;
    }
  },
});
