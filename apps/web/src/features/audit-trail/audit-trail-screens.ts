import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const auditTrailScreens = defineScreens([
  { entry: screenEntries.auditTrail, page: ['audit-trail-page', 'AuditTrailPage'] },
]);
