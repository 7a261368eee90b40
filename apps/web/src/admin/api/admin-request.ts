import { ApiError, apiRequest, type RequestOptions } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import type { StaffSession } from './get-me';
import { adminKeys } from './query-keys';

/** The code the console's API answers (403) when there is no verified staff session. */
export const STAFF_AUTH_REQUIRED = 'staff_authentication_required';

/** Whether an error is the console API's "log in as staff first". */
export function isStaffAuthError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.error === STAFF_AUTH_REQUIRED;
}

/** Forgets the staff session locally: the console then shows its own login screen. */
export function forgetStaff(): void {
  queryClient.setQueryData<StaffSession>(adminKeys.me, { staff: null, demo_payments: false });
  queryClient.removeQueries({ queryKey: adminKeys.all, predicate: (query) => query.queryKey[1] !== 'me' });
}

/**
 * Calls the console API through the app's client (request-type header, retries, language). A
 * 403 staff_authentication_required from any call (an expired or revoked staff session) sends
 * the console to its login screen; the member session is never touched, since the member
 * client only reacts to `authentication_required`.
 */
export async function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (isStaffAuthError(error)) forgetStaff();
    throw error;
  }
}
