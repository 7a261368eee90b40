const UNIQUE_VIOLATION = '23505';

/**
 * Whether a database error (or its cause: drizzle wraps the driver's error) is a unique-index
 * violation, of the named index when `index` is given. Both drivers name the index as the
 * error's `constraint`.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return index === undefined || constraint === index;
  }
  return false;
}
