import type { ClientDocument, ClientDocumentCategory } from '@portal/domain';
import { api } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

/** Every vault query sits under this key: an upload or a removal reloads the list. */
export const clientDocumentsKey = ['client-documents'] as const;

export const clientDocumentListQuery = (params: PageParams) =>
  listPageQuery<ClientDocument>(clientDocumentsKey, '/api/client_documents/', params);

export interface UploadInput {
  client: number;
  category: ClientDocumentCategory;
  description: string;
  file: File;
}

/** `POST /api/client_documents/` as a multipart form: the fields, then the file. */
export function uploadClientDocument({ client, category, description, file }: UploadInput) {
  const form = new FormData();
  form.append('client', String(client));
  form.append('category', category);
  if (description.trim()) form.append('description', description.trim());
  form.append('file', file, file.name);
  return api.post<ClientDocument>('/api/client_documents/', form);
}

export const removeClientDocument = (id: number) => api.delete<null>(`/api/client_documents/${id}/`);
