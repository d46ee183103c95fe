import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// For CCOs (their firm) and super CCOs.
export const submissionStatusScreens = defineScreens([
  { entry: screenEntries.submissionStatus, page: ['submission-status-page', 'SubmissionStatusPage'] },
]);
