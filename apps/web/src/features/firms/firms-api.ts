import type { Firm } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Page, queryString } from '../../lib/api';
import { firmsKey } from '../../lib/firms';

export interface FirmListParams {
  search: string;
  ordering: string;
  page: number;
  page_size: number;
}

export const firmListQuery = (params: FirmListParams) =>
  queryOptions({
    queryKey: [...firmsKey, 'list', params],
    queryFn: () => api.get<Page<Firm>>(`/api/firms/${queryString({ ...params })}`),
    placeholderData: keepPreviousData,
  });

export type FirmInput = Omit<Firm, 'id' | 'logo_url'>;

export const createFirm = (body: FirmInput) => api.post<Firm>('/api/firms/', body);
export const updateFirm = (id: number, body: FirmInput) => api.put<Firm>(`/api/firms/${id}/`, body);
export const deleteFirm = (id: number) => api.delete<null>(`/api/firms/${id}/`);
/** The logo goes as the raw image with its own content type. */
export const uploadLogo = (id: number, file: File) => api.put<Firm>(`/api/firms/${id}/logo/`, file);
