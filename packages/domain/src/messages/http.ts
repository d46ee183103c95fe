export const httpMessages = {
  badRequest: 'The request is not valid.',
  malformedJson: 'The request body is not valid JSON.',
  tooLarge: 'The request is too large.',
  unsupportedMediaType: 'The request must be sent as JSON.',
  oneFile: 'Send one file, in the field named file.',
  repeatedField: 'Send this field once.',
  notFound: 'Not found.',
  forbidden: 'You do not have permission to perform this action.',
  internal: 'Something went wrong on our side. Please try again.',
  /** The database cannot be reached (it is down or restarting). */
  unavailable: 'The portal is temporarily unavailable. Please try again in a few minutes.',
  required: 'This field is required.',
  badCharacter: 'This field contains a character that is not allowed.',
  rowNotOwned: 'This row does not belong to this record.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  pageNotFound: 'The page you are looking for does not exist or has moved.',
} as const;
