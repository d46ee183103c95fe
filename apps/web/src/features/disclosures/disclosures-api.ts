import type {
  DeliverBody,
  DeliverResponse,
  DisclosureDeliveryRow,
  DisclosureKind,
  DisclosureVersion,
  DisclosureVersionPage,
} from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, queryString } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

/** A firm's versions; an upload or a delete refreshes them. */
export const disclosureDocumentsKey = ['disclosure-documents'] as const;
/** The CCO report; a Deliver refreshes it (the rows' "Notified"), and so does an upload (who is due). */
export const disclosureDeliveriesKey = ['disclosure-deliveries'] as const;

export const versionListQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...disclosureDocumentsKey, 'list', params],
    queryFn: () => api.get<DisclosureVersionPage>(`/api/disclosure_documents/${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

export const deliveryListQuery = (params: PageParams) =>
  listPageQuery<DisclosureDeliveryRow>(disclosureDeliveriesKey, '/api/disclosure_deliveries/', params);

export interface UploadInput {
  firm: number;
  kind: DisclosureKind;
  effective_date: string;
  material_change: boolean;
  file: File;
}

/** The PDF goes as the raw body, its metadata in the query (the server's upload contract). */
export const uploadVersion = ({ file, ...meta }: UploadInput) =>
  api.post<DisclosureVersion>(
    `/api/disclosure_documents/${queryString({
      firm: meta.firm,
      kind: meta.kind,
      effective_date: meta.effective_date,
      material_change: meta.kind === 'crs' ? 'false' : String(meta.material_change),
      file_name: file.name.slice(0, 200),
    })}`,
    file,
  );

export const deleteVersion = (id: number) => api.delete<null>(`/api/disclosure_documents/${id}/`);

export const deliver = (body: DeliverBody) => api.post<DeliverResponse>('/api/disclosure_deliveries/deliver/', body);

export const exportPath = (params: PageParams) => `/api/disclosure_deliveries/export/${queryString(params)}`;
