import type { EndedSessions, Session } from '@portal/domain';
import { api, type Page } from '../../lib/api';

export const sessionsKey = ['auth', 'sessions'] as const;

/** A person's sessions are few (each lives at most 7 days): one page holds them. */
export const listSessions = () => api.get<Page<Session>>('/api/auth/sessions/?page_size=100');
export const endSession = (id: string) => api.delete<{ detail: string }>(`/api/auth/sessions/${id}/`);
export const endOtherSessions = () => api.post<EndedSessions>('/api/auth/sessions/end_others/');
