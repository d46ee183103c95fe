import type { FirmLink, FirmLinkBody, FirmLinkUpdateBody } from '@portal/domain';
import { api } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';
import { firmLinksKey } from '../../lib/menu';

export const firmLinkListQuery = (params: PageParams) =>
  listPageQuery<FirmLink>(firmLinksKey, '/api/firm_links/', params);

export const createFirmLink = (body: FirmLinkBody) => api.post<FirmLink>('/api/firm_links/', body);
export const updateFirmLink = (id: number, body: FirmLinkUpdateBody) =>
  api.put<FirmLink>(`/api/firm_links/${id}/`, body);
export const deleteFirmLink = (id: number) => api.delete<null>(`/api/firm_links/${id}/`);
