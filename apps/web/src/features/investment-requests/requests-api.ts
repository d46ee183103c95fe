import type {
  CashRequest,
  InvestmentRequestKind,
  InvestmentStrategy,
  StatusChangeBody,
  UserListItem,
  UserWithFirm,
} from '@portal/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';
import { notifySuccess } from '../../lib/notify';
import type { FormErrorMeta } from '../../lib/schema-form/use-schema-form';

/** Every request query sits under this key: a submit, an edit or a move refreshes the lists and the record. */
export const requestsKey = ['investment-requests'] as const;

export const pathOf: Record<InvestmentRequestKind, string> = {
  strategy: '/api/investment_strategies/',
  cashRequest: '/api/cash_requests/',
};

export type RequestRecord<K extends InvestmentRequestKind> = K extends 'strategy' ? InvestmentStrategy : CashRequest;

export const requestListQuery = <Row>(kind: InvestmentRequestKind, params: PageParams) =>
  listPageQuery<Row>([...requestsKey, kind], pathOf[kind], params);

export const requestQuery = <K extends InvestmentRequestKind>(kind: K, id: number) =>
  queryOptions({
    queryKey: [...requestsKey, kind, 'detail', id],
    queryFn: () => api.get<RequestRecord<K>>(`${pathOf[kind]}${id}/`),
  });

/** POST for a new request, PUT `{Id}/` for an edit (the same body both ways). */
export const saveRequest = <K extends InvestmentRequestKind>(kind: K, id: number | null, body: object) =>
  id === null
    ? api.post<RequestRecord<K>>(pathOf[kind], body)
    : api.put<RequestRecord<K>>(`${pathOf[kind]}${id}/`, body);

/**
 * A request form's save: the lists refresh, the form's toast ('… submitted' or '… updated') shows, and a
 * server's field messages land on the form's inputs.
 */
export function useRequestSave(
  kind: InvestmentRequestKind,
  id: number | null,
  form: { errorMeta: FormErrorMeta; setServerErrors: (error: unknown) => void },
  toasts: { submitted: string; updated: string },
  onSaved: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => saveRequest(kind, id, body),
    meta: form.errorMeta,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: requestsKey });
      notifySuccess(id === null ? toasts.submitted : toasts.updated);
      onSaved();
    },
    onError: form.setServerErrors,
  });
}

/** The investment department's move: `{status, reason}`. */
export const moveRequest = (kind: InvestmentRequestKind, id: number, body: StatusChangeBody) =>
  api.post<unknown>(`${pathOf[kind]}${id}/status/`, body);

/** The advisor's active clients, for the client picker. */
export const advisorClientsQuery = queryOptions({
  queryKey: [...requestsKey, 'clients'],
  queryFn: () =>
    api.get<Page<UserListItem>>('/api/users/firm_advisor_clients/?status=active&ordering=last_name&page_size=500'),
  staleTime: 30_000,
});

/** A client's whole record: the list row has no address, the form fills the client's from it. */
export const clientQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...requestsKey, 'client', id],
    queryFn: () => api.get<UserWithFirm>(`/api/users/${id}/`),
    enabled: id !== null,
    staleTime: 30_000,
  });
