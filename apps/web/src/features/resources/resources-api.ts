import type { AcknowledgementReportPage, Resource, ResourceCategory, ResourceVersion } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, queryString } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

/** Every resources query sits under this key: an add, a change, a removal or an acknowledgement reloads them. */
export const resourcesKey = ['resources'] as const;

export const resourceListQuery = (params: PageParams & { category: ResourceCategory }) =>
  listPageQuery<Resource>(resourcesKey, '/api/resources/', params);

export const resourceQuery = (id: number) =>
  queryOptions({ queryKey: [...resourcesKey, 'one', id], queryFn: () => api.get<Resource>(`/api/resources/${id}/`) });

export const versionListQuery = (id: number, params: PageParams) =>
  listPageQuery<ResourceVersion>([...resourcesKey, 'versions', id], `/api/resources/${id}/versions/`, params);

/** The firm's staff and where each stands with the current version (`version` in the page). */
export const acknowledgementListQuery = (id: number, params: PageParams) =>
  queryOptions({
    queryKey: [...resourcesKey, 'acknowledgements', id, params],
    queryFn: () => api.get<AcknowledgementReportPage>(`/api/resources/${id}/acknowledgements/${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

/** What the resource form sends: a file or a link, and the rest as text fields of one multipart form. */
export interface ResourceInput {
  category?: ResourceCategory;
  name?: string;
  url?: string;
  acknowledgement?: string;
  firm?: number;
  file?: File | null;
}

function formOf(input: ResourceInput) {
  const form = new FormData();
  for (const key of ['category', 'name', 'url', 'acknowledgement', 'firm'] as const) {
    const value = input[key];
    if (value !== undefined) form.append(key, String(value));
  }
  if (input.file) form.append('file', input.file, input.file.name);
  return form;
}

export const addResource = (input: ResourceInput) => api.post<Resource>('/api/resources/', formOf(input));
export const updateResource = (id: number, input: ResourceInput) =>
  api.put<Resource>(`/api/resources/${id}/`, formOf(input));
export const removeResource = (id: number) => api.delete<null>(`/api/resources/${id}/`);
export const acknowledgeResource = (id: number) => api.post<Resource>(`/api/resources/${id}/acknowledge/`);
