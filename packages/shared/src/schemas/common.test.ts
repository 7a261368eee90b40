import { describe, expect, it } from 'vitest';
import { INT4_MAX, IdSchema, QueryIdSchema, SerialIdSchema, int4, queryInt, text } from './common.js';

const issueOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('text()', () => {
  it('refuses NUL and lone surrogates with field_invalid_characters', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 'a\ud83d']) {
      expect(issueOf(text().max(10).safeParse(bad)), JSON.stringify(bad)).toBe('field_invalid_characters');
    }
  });

  it('accepts any other text, surrogate pairs (emoji) and control characters other than NUL included', () => {
    for (const good of ['', 'Hallo', 'Zoë 😀', 'tab\there', '\u2028']) {
      expect(text().safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
  });

  it('chains like z.string()', () => {
    expect(text().trim().min(2).parse('  ab ')).toBe('ab');
    expect(text().max(3).safeParse('abcd').success).toBe(false);
  });
});

describe('ids', () => {
  it('takes only JSON whole numbers in bodies: no strings, booleans, arrays or fractions', () => {
    for (const bad of ['7', ' 7 ', '0x7', true, [7], 7.5, 0, -1, null, Number.MAX_SAFE_INTEGER + 2]) {
      expect(IdSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(IdSchema.parse(7)).toBe(7);
    expect(IdSchema.parse(2 ** 40)).toBe(2 ** 40);
  });

  it('keeps the ids of serial tables within int4', () => {
    expect(SerialIdSchema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(SerialIdSchema.safeParse(INT4_MAX + 1).success).toBe(false);
  });

  it('takes only digits in query strings', () => {
    for (const bad of [' 7 ', '0x7', '+7', '-7', '7.5', '1e3', 'true', '', '0', '99999999999999999999']) {
      expect(QueryIdSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(QueryIdSchema.parse('7')).toBe(7);
    expect(QueryIdSchema.parse('4294967296')).toBe(4294967296);
  });
});

describe('integers', () => {
  it('int4() refuses what an integer column cannot hold', () => {
    expect(int4().safeParse(2 ** 31).success).toBe(false);
    expect(int4().safeParse(-(2 ** 31) - 1).success).toBe(false);
    expect(int4().safeParse(Infinity).success).toBe(false);
    expect(int4().parse(INT4_MAX)).toBe(INT4_MAX);
  });

  it('queryInt() reads digits within its range', () => {
    expect(queryInt(7, 180).parse('30')).toBe(30);
    expect(queryInt(7, 180).safeParse('181').success).toBe(false);
    expect(queryInt().safeParse('2147483648').success).toBe(false);
  });
});
