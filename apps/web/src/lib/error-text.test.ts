import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorText } from './error-text';

describe('errorText', () => {
  it("shows the message of the API's error contract, which the server translated", () => {
    expect(errorText(new ApiError(409, 'code_used', 'Code bereits verwendet'), 'Fehler')).toBe(
      'Code bereits verwendet',
    );
    expect(errorText(new ApiError(500, 'internal_error', 'Ein Fehler ist aufgetreten'), 'Fehler')).toBe(
      'Ein Fehler ist aufgetreten',
    );
  });

  it('shows the fallback for an answer without the contract, never its HTTP status text', () => {
    expect(errorText(new ApiError(500, 'http_error', 'Internal Server Error'), 'Fehler')).toBe('Fehler');
    expect(errorText(new ApiError(502, 'http_error', 'HTTP 502'), 'Fehler')).toBe('Fehler');
  });

  it("shows the fallback when the server never answered, never the browser's words", () => {
    expect(errorText(new ApiError(0, 'network_error', 'Failed to fetch'), 'Fehler')).toBe('Fehler');
    expect(errorText(new TypeError('Failed to fetch'), 'Fehler')).toBe('Fehler');
  });
});
