import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

/**
 * The text every inline error shows for a failed call: the message of the API's error contract,
 * which the server words in the page's language, else `fallback`. A failure without the contract
 * (a proxy's page, no answer at all) carries an HTTP status text or the browser's own words,
 * neither translated, so it never shows.
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.error !== 'http_error' ? error.message : fallback;
}

/** errorText with the translated generic text as the fallback, unless the caller names its own. */
export function useErrorText(): (error: unknown, fallback?: string) => string {
  const { t } = useTranslation();
  return (error, fallback = t('auth.errors.generic')) => errorText(error, fallback);
}

/** The per-field texts of a validation_failed answer, or null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  return error instanceof ApiError && error.error === 'validation_failed' ? error.fields : null;
}

/** The API's error code of a failure, or null. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.error : null;
}
