import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import {
  canReadClientVault,
  canRemoveClientDocument,
  canUploadToClientVault,
  clientDocumentExtension,
} from './client-documents.js';
import { menuFor } from './menu.js';
import { ProfileType } from './permissions.js';

const client = testActor({ id: 2, profile_type: ProfileType.Client });
const advisor = testActor({ id: 3, profile_type: ProfileType.FinancialAdvisor });
const firmAdmin = testActor({ id: 4, profile_type: ProfileType.Administrator });
const staff = testActor({ id: 5 });
const cco = testActor({ id: 6, is_cco: true });

describe('the client document vault rules', () => {
  it('lets the client and their advisor exchange documents, administrators read, other staff nothing', () => {
    expect([client, advisor, firmAdmin, staff, cco].map(canReadClientVault)).toEqual([true, true, true, false, false]);
    expect([client, advisor, firmAdmin, staff, cco].map(canUploadToClientVault)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('lets only the uploader remove a document', () => {
    expect(canRemoveClientDocument(client, { uploaded_by: 2 })).toBe(true);
    expect(canRemoveClientDocument(advisor, { uploaded_by: 2 })).toBe(false);
    expect(canRemoveClientDocument(firmAdmin, { uploaded_by: 4 })).toBe(false);
  });

  it('takes the extensions of the allow-list, whatever their case, and nothing executable', () => {
    expect(clientDocumentExtension('Statement Q3.PDF')).toBe('pdf');
    expect(clientDocumentExtension('taxes.2024.xlsx')).toBe('xlsx');
    for (const name of ['setup.exe', 'page.html', 'logo.svg', 'script.js', 'noext', 'archive.zip'])
      expect(clientDocumentExtension(name), name).toBeNull();
  });

  it('puts Document Vault in the navigation of clients, advisors and administrators', () => {
    const has = (a: typeof client) => menuFor(a).some((g) => g.id === 'document-vault');
    expect([client, advisor, firmAdmin, staff].map(has)).toEqual([true, true, true, false]);
  });
});
