import type { CaseReply, SupportTicket } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type Page } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

/** Every support query sits under this key: a save or a reply refreshes the lists, the case and its conversation. */
export const supportKey = ['support-tickets'] as const;
const BASE = '/api/support_tickets/';

export const caseListQuery = <Row>(params: PageParams) => listPageQuery<Row>(supportKey, BASE, params);

export const caseQuery = (id: number) =>
  queryOptions({ queryKey: [...supportKey, 'detail', id], queryFn: () => api.get<SupportTicket>(`${BASE}${id}/`) });

/** The whole conversation: a case's replies, oldest first (a case rarely runs past one page of 500). */
export const repliesQuery = (id: number) =>
  queryOptions({
    queryKey: [...supportKey, 'replies', id],
    queryFn: () => api.get<Page<CaseReply>>(`${BASE}${id}/replies/?page_size=500`),
  });

/** POST for a new case; PUT `{Id}/` sends the stored record back with the form's values over it. */
export const saveCase = (stored: SupportTicket | null, values: object) =>
  stored === null
    ? api.post<SupportTicket>(BASE, values)
    : api.put<SupportTicket>(`${BASE}${stored.Id}/`, { ...stored, ...values });

export const sendReply = (id: number, CommentBody: string) =>
  api.post<CaseReply>(`${BASE}${id}/replies/`, { CommentBody });
