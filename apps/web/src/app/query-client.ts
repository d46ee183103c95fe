import { authMessages, SESSION_ENDED_CODE, SESSION_IDLE_CODE } from '@portal/domain';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from '../lib/api';
import { notifyError } from '../lib/notify';

interface CallMeta extends Record<string, unknown> {
  /** The caller reports this failure itself (or it is expected, like a 401 from the guard's probe). */
  silent?: boolean;
  /** Fields the form shows beside its inputs: an error made only of these needs no toast as well. */
  inlineFields?: string[];
  /** A schema form's `errorMeta`: whether its inputs show every field message of this error. */
  showsInline?: (error: ApiError) => boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

let onUnauthorized: (error: ApiError) => void = () => {};

/** The router registers how to send someone to sign-in; kept as a callback to avoid an import cycle. */
export function setUnauthorizedHandler(handler: (error: ApiError) => void) {
  onUnauthorized = handler;
}

let onSetupRequired: () => void = () => {};

/** Where a session held at two-factor set-up goes when a call is refused for it. */
export function setSetupRequiredHandler(handler: () => void) {
  onSetupRequired = handler;
}

// Every failed call tells the person why (unless its call is marked silent): none is swallowed.
function report(error: unknown, meta: CallMeta | undefined) {
  if (meta?.silent) return;
  if (!isApiError(error)) {
    notifyError(String(error));
    return;
  }
  if (error.status === 403 && error.detail === authMessages.mfaSetupRequired) {
    onSetupRequired();
    return;
  }
  const shownInline = Object.keys(error.fields);
  if (shownInline.length > 0 && shownInline.every((field) => meta?.inlineFields?.includes(field))) return;
  if (meta?.showsInline?.(error)) return;
  // A session ended for idleness or from elsewhere is explained on the sign-in page rather than in a toast.
  if (error.code !== SESSION_IDLE_CODE && error.code !== SESSION_ENDED_CODE) notifyError(error.detail);
  if (error.status === 401) onUnauthorized(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip might.
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
