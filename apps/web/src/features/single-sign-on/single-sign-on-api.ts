import type { ServiceProvider, ServiceProviderBody, ServiceProviderUpdateBody } from '@portal/domain';
import { api } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';
import { serviceProvidersKey } from '../../lib/service-providers';

export const serviceProviderListQuery = (params: PageParams) =>
  listPageQuery<ServiceProvider>(serviceProvidersKey, '/api/sso/service_providers/', params);

export const createServiceProvider = (body: ServiceProviderBody) =>
  api.post<ServiceProvider>('/api/sso/service_providers/', body);
export const updateServiceProvider = (id: number, body: ServiceProviderUpdateBody) =>
  api.put<ServiceProvider>(`/api/sso/service_providers/${id}/`, body);
export const deleteServiceProvider = (id: number) => api.delete<null>(`/api/sso/service_providers/${id}/`);
