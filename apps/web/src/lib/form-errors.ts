import { isApiError } from './api';

/** The server's field messages for the fields a form shows, so they appear beside the inputs. */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const name of fields) {
    const message = error.fields[name];
    if (message) out[name] = message;
  }
  return out;
}
