import { describe, expect, it } from 'vitest';
import {
  codeState,
  commaList,
  expiryFromDate,
  moneyOf,
  moneyText,
  nextPosition,
  orderState,
  parseMoney,
  parseWhole,
  wholeOf,
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

describe('wholeOf and moneyOf', () => {
  it('give the number, nothing for an empty field, or the typed text for the schema to refuse', () => {
    expect(wholeOf(' 12 ')).toBe(12);
    expect(wholeOf('')).toBeUndefined();
    expect(moneyOf('19,9')).toBe(1990);
    expect(wholeOf('zeven')).toBe('zeven');
    expect(moneyOf('1,999')).toBe('1,999');
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

describe('codeState', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  it('tells active, expired and inactive codes apart', () => {
    expect(codeState({ status: 'active', expires_at: null }, now)).toBe('active');
    expect(codeState({ status: 'active', expires_at: '2025-05-01T00:00:00Z' }, now)).toBe('expired');
    expect(codeState({ status: 'inactive', expires_at: null }, now)).toBe('inactive');
  });
});
