import type { Employee, EmployeeBody } from '@portal/domain';
import { api } from '../../lib/api';
import { listPageQuery, type PageParams } from '../../lib/list-page-query';

/** Every directory query sits under this key, so an edit or a removal reloads the list. */
export const employeesKey = ['employees'] as const;

export const employeeListQuery = (params: PageParams) =>
  listPageQuery<Employee>(employeesKey, '/api/employees/', params);

export const updateEmployee = (id: number, body: EmployeeBody) => api.put<Employee>(`/api/employees/${id}/`, body);
export const removeEmployee = (id: number) => api.put<{ detail: string }>(`/api/employees/${id}/remove_member`, {});
