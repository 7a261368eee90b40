import { describe, expect, it } from 'vitest';
import {
  codeState,
  commaList,
  expiryFromDate,
  issueProblems,
  moneyText,
  nextPosition,
  numberReader,
  orderState,
  parseMoney,
  parseWhole,
  problemAt,
} from './commerce-rules';

describe('parseMoney', () => {
  it('reads whole units with a comma or a dot as cents', () => {
    expect(parseMoney('19,99')).toBe(1999);
    expect(parseMoney('19.9')).toBe(1990);
    expect(parseMoney(' 20 ')).toBe(2000);
    expect(parseMoney('0,05')).toBe(5);
  });

  it('tells an empty field from one that holds no amount', () => {
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('1,999')).toBe('invalid');
    expect(parseMoney('-5')).toBe('invalid');
    expect(parseMoney('tien')).toBe('invalid');
  });
});

describe('moneyText', () => {
  it('writes cents in whole units with the given decimal sign', () => {
    expect(moneyText(1999, ',')).toBe('19,99');
    expect(moneyText(5, '.')).toBe('0.05');
    expect(moneyText(null, ',')).toBe('');
  });
});

describe('parseWhole', () => {
  it('reads whole numbers only', () => {
    expect(parseWhole('12')).toBe(12);
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('1.5')).toBe('invalid');
  });
});

describe('numberReader', () => {
  it('gives numbers and empty fields, and notes each field that holds no number', () => {
    const read = numberReader();
    expect(read.whole('credits', ' 12 ')).toBe(12);
    expect(read.whole('position', '')).toBeNull();
    expect(read.money('prices.EUR', '19,9')).toBe(1990);
    expect(read.whole('member_id', 'zeven')).toBeUndefined();
    expect(read.money('prices.CHF', '1,999')).toBeUndefined();
    expect(read.problems).toEqual({
      member_id: { key: 'shop.wholeInvalid' },
      'prices.CHF': { key: 'shop.moneyInvalid' },
    });
  });
});

describe('nextPosition', () => {
  it('places a new item after the last, or first in an empty list', () => {
    expect(nextPosition([{ position: 2 }, { position: 7 }, { position: 0 }])).toBe(8);
    expect(nextPosition([])).toBe(0);
  });
});

describe('commaList', () => {
  it('splits, trims and leaves out empty items', () => {
    expect(commaList(' Amoria, Amoria Dating ,, ')).toEqual(['Amoria', 'Amoria Dating']);
    expect(commaList('')).toEqual([]);
  });
});

describe('expiryFromDate', () => {
  it('ends the code at the end of the picked day, local time', () => {
    const iso = expiryFromDate('2030-03-01')!;
    const end = new Date(iso);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2030, 2, 1, 23, 59,
    ]);
    expect(expiryFromDate('')).toBeNull();
  });
});

describe('orderState', () => {
  it('shows a refunded order as refunded', () => {
    expect(orderState({ status: 'completed', refunded_at: '2025-01-02T10:00:00Z' })).toBe('refunded');
    expect(orderState({ status: 'pending', refunded_at: null })).toBe('pending');
  });
});

describe('issueProblems', () => {
  it('keys problems by dotted path, the first per field', () => {
    expect(
      issueProblems([
        { code: 'custom', path: ['prices', 'CHF'], message: 'field_required' },
        { code: 'too_small', path: ['credits'], origin: 'number', minimum: 1 },
        { code: 'too_small', path: ['credits'], origin: 'number', minimum: 5 },
        { code: 'too_small', path: ['name'], origin: 'string', minimum: 1 },
        { code: 'invalid_format', path: ['code'] },
      ]),
    ).toEqual({
      'prices.CHF': { key: 'validation.required' },
      credits: { key: 'validation.tooSmall', values: { min: 1 } },
      name: { key: 'validation.required' },
      code: { key: 'validation.invalid' },
    });
  });
});

describe('problemAt', () => {
  it('finds a field’s own problem or one of a value inside it', () => {
    expect(problemAt({ 'tradenames.1': 'Te lang' }, 'tradenames')).toBe('Te lang');
    expect(problemAt({ code: 'Bestaat al' }, 'code')).toBe('Bestaat al');
    expect(problemAt({ codes: 'x' }, 'code')).toBeUndefined();
  });
});

describe('codeState', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  it('tells active, expired and inactive codes apart', () => {
    expect(codeState({ status: 'active', expires_at: null }, now)).toBe('active');
    expect(codeState({ status: 'active', expires_at: '2025-05-01T00:00:00Z' }, now)).toBe('expired');
    expect(codeState({ status: 'inactive', expires_at: null }, now)).toBe('inactive');
  });
});
