/** What the document-vault screens show: labels, headings, buttons. */
export const documentVaultScreenMessages = {
  searchDocuments: 'Search documents',
  close: 'Close',
  clearFile: 'Clear file',
};
