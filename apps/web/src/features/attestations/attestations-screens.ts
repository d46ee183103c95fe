import { canStartAttestation, screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const attestationsScreens = defineScreens([
  { entry: screenEntries.attestations, page: ['attestations-page', 'AttestationsPage'] },
  // The new attestation form; the id is the current user's.
  {
    path: '/compliance/attestations/:id/new',
    page: ['attestation-form-page', 'AttestationFormPage'],
    allowed: canStartAttestation,
  },
]);
