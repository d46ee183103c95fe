import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// A client's own documents; an advisor's or administrator's clients'.
export const documentVaultScreens = defineScreens([
  { entry: screenEntries.documentVault, page: ['document-vault-page', 'DocumentVaultPage'] },
]);
