import type { CurrentDisclosures, DeliveryDateResponse, DisclosureKind } from '@portal/domain';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { portalToday } from '../../lib/dates';
import { onboardingKey } from './onboarding-api';

export const currentDisclosuresQuery = (clientId: number) =>
  queryOptions({
    queryKey: [...onboardingKey, 'disclosures', clientId],
    queryFn: async () =>
      (await api.get<CurrentDisclosures>(`/api/disclosures/current/?portalUserId=${clientId}`)).documents,
  });

/** How often, and how many times at most, the documents are read again while a receipt is awaited. */
export const RECEIPT_POLL_MS = 1000;
export const RECEIPT_POLLS = 20;

/**
 * The firm's current Form ADV parts and Form CRS for this client, each with its delivery to them.
 * `awaitingSince` (the documents' read count when a version was opened in a new tab) reads them again
 * every second for a while, and when the person comes back to the page, until the receipt shows.
 */
export const useCurrentDisclosures = (clientId: number, awaitingSince: number | null = null) =>
  useQuery({
    ...currentDisclosuresQuery(clientId),
    ...(awaitingSince === null
      ? {}
      : {
          refetchOnWindowFocus: true,
          refetchInterval: (query: { state: { dataUpdateCount: number; errorUpdateCount: number } }) =>
            query.state.dataUpdateCount + query.state.errorUpdateCount - awaitingSince < RECEIPT_POLLS
              ? RECEIPT_POLL_MS
              : false,
        }),
  });

/** The ADV part a kind stands for in `PUT /api/update_form_adv_delivery_date/`. */
const ADV_PART: Partial<Record<DisclosureKind, '2A' | '2B'>> = { adv_2a: '2A', adv_2b: '2B' };

/**
 * The delivery call for a document opened at the firm's external link: today's date in
 * the portal's zone. An uploaded version is recorded by the server when its file is read.
 */
export function recordDelivery(clientId: number, kind: DisclosureKind) {
  const deliveryDate = portalToday();
  return kind === 'crs'
    ? api.put<DeliveryDateResponse>('/api/update_form_crs_delivery_date/', { portalUserId: clientId, deliveryDate })
    : api.put<DeliveryDateResponse>('/api/update_form_adv_delivery_date/', {
        portalUserId: clientId,
        deliveryDate,
        part: ADV_PART[kind],
      });
}

/** Opening a document records its delivery, then the status and the documents are read again. */
export function useRecordDelivery(clientId: number, onRecorded?: (queryClient: QueryClient) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: DisclosureKind) => recordDelivery(clientId, kind),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
      onRecorded?.(queryClient);
    },
  });
}
