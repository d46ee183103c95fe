import type { Firm, FirmBody } from '@portal/domain';
import { api } from '../../lib/api';
import { firmsKey } from '../../lib/firms';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

export const firmListQuery = (params: PageParams) => listPageQuery<Firm>(firmsKey, '/api/firms/', params);

export const createFirm = (body: FirmBody) => api.post<Firm>('/api/firms/', body);
export const updateFirm = (id: number, body: FirmBody) => api.put<Firm>(`/api/firms/${id}/`, body);
export const deleteFirm = (id: number) => api.delete<null>(`/api/firms/${id}/`);
/** The logo goes as the raw image with its own content type. */
export const uploadLogo = (id: number, file: File) => api.put<Firm>(`/api/firms/${id}/logo/`, file);
