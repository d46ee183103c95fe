import { type ServiceProvider, singleSignOnScreenMessages } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type Page } from './api';

/** Every service-provider query sits under this key: the setup screen's changes reload the link form's choices. */
export const serviceProvidersKey = ['sso-service-providers'] as const;

/** A firm's service providers as choices for a portfolio-system link (the firm links' form). */
export const serviceProviderOptionsQuery = (firm: number) =>
  queryOptions({
    queryKey: [...serviceProvidersKey, 'options', firm],
    queryFn: () => api.get<Page<ServiceProvider>>(`/api/sso/service_providers/?firm=${firm}&page_size=500`),
    select: (page) =>
      page.results.map((sp) => ({
        value: sp.key,
        label: sp.is_active ? sp.label : singleSignOnScreenMessages.turnedOff(sp.label),
      })),
  });
