import type { LifeImpactPage, LifeImpactPageBody } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const lifeImpactKey = ['pages', 'life-impact'] as const;

export const lifeImpactQuery = queryOptions({
  queryKey: lifeImpactKey,
  queryFn: () => api.get<LifeImpactPage>('/api/pages/life-impact/'),
});

export const saveLifeImpact = (body: LifeImpactPageBody) => api.put<LifeImpactPage>('/api/pages/life-impact/', body);
