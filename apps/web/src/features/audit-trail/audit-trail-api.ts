import type { AuditChainCheck, AuditEventRow } from '@portal/domain';
import { api, queryString } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

export const auditEventsKey = ['audit-events'] as const;

export const auditEventListQuery = (params: PageParams) =>
  listPageQuery<AuditEventRow>(auditEventsKey, '/api/audit_events/', params);

export const auditExportPath = (filters: PageParams) => `/api/audit_events/export/${queryString(filters)}`;

export const verifyAuditChain = () => api.get<AuditChainCheck>('/api/audit_events/verify/');
