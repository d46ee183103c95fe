import type { SupervisedPerson, SupervisedPersonBody } from '@portal/domain';
import { api } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';
import { rosterKey } from '../../lib/roster';

export const rosterListQuery = (params: PageParams) =>
  listPageQuery<SupervisedPerson>(rosterKey, '/api/supervised_persons/', params);
export const addSupervisedPerson = (body: SupervisedPersonBody) =>
  api.post<SupervisedPerson>('/api/supervised_persons/', body);
export const updateSupervisedPerson = ({ id, body }: { id: number; body: SupervisedPersonBody }) =>
  api.put<SupervisedPerson>(`/api/supervised_persons/${id}/`, body);
export const removeSupervisedPerson = (id: number) => api.delete<null>(`/api/supervised_persons/${id}/`);
