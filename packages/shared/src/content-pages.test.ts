import { describe, expect, it } from 'vitest';
import {
  CONTENT_PAGE_PLACEHOLDERS,
  contentPageValues,
  fillContentPage,
  unknownPlaceholders,
  type ContentPageSettings,
} from './content-pages.js';
import type { CompanyInfo } from './schemas/reference.js';

const settings: ContentPageSettings = {
  name: 'Amoria',
  domain: 'amoria.example',
  support_email: 'support@amoria.example',
  support_phone: '020 - 123 45 67',
  refund_days: 14,
  min_age: 18,
  fictional_singular: 'fictief profiel',
  fictional_plural: 'fictieve profielen',
  message_credits: 10,
  photo_credits: 15,
  gift_credits: 20,
};

const company: CompanyInfo = {
  name: 'Amoria B.V.',
  address: 'Keizersgracht 1',
  kvk: '12345678',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Amoria', 'Amoria Dating'],
  vat_numbers: ['NL123456789B01', 'BE0123456789'],
  support_phone: '+31 20-765 43 21',
  delete_discount: 20,
  added: '2024-03-01T00:00:00Z',
};

describe('contentPageValues', () => {
  it('fills every placeholder of the content pages from the settings and the company', () => {
    expect(contentPageValues(settings, company)).toEqual({
      name: 'Amoria',
      domain: 'amoria.example',
      company: 'Amoria B.V.',
      address: 'Keizersgracht 1',
      city: 'Amsterdam',
      country: 'NL',
      kvk: '12345678',
      vat: 'NL123456789B01, BE0123456789',
      tradenames: 'Amoria, Amoria Dating',
      email: 'support@amoria.example',
      phone: '+31207654321',
      days: 14,
      min_age: 18,
      fictional_singular: 'fictief profiel',
      fictional_plural: 'fictieve profielen',
      message_credits: 10,
      photo_credits: 15,
      gift_credits: 20,
    });
  });

  it("leaves the company's fields empty while it is not loaded, and takes the site's phone", () => {
    const values = contentPageValues(settings, null);
    for (const key of ['company', 'address', 'city', 'country', 'kvk', 'vat', 'tradenames']) {
      expect(values[key], key).toBe('');
    }
    expect(values.phone).toBe('0201234567');
    expect(values.name).toBe('Amoria');
  });

  it("takes the site's phone when the company has none, and an empty domain when none is known", () => {
    const { domain: _, ...withoutDomain } = settings;
    const values = contentPageValues(withoutDomain, { ...company, support_phone: '' });
    expect(values.phone).toBe('0201234567');
    expect(values.domain).toBe('');
  });
});

describe('content-page placeholders', () => {
  const page = {
    title: '{{name}}',
    description: 'D',
    intro: 'By {{ company }}',
    sections: [{ heading: 'H', paragraphs: ['{{email}}', '{{secret}}'], items: [{ q: '{{nope}}?', a: '{{days}}' }] }],
  };

  it('lists exactly the values contentPageValues fills', () => {
    expect(Object.keys(contentPageValues(settings, null)).sort()).toEqual([...CONTENT_PAGE_PLACEHOLDERS].sort());
  });

  it('finds the fields naming a placeholder outside the allowed ones', () => {
    expect(unknownPlaceholders(page, CONTENT_PAGE_PLACEHOLDERS)).toEqual({
      'sections.0.paragraphs.1': 'secret',
      'sections.0.items.0.q': 'nope',
    });
  });

  it('fills every field, leaving unknown placeholders as written', () => {
    const filled = fillContentPage(page, { name: 'Amoria', company: 'Amoria B.V.', email: 'a@b.c', days: 14 });
    expect(filled.title).toBe('Amoria');
    expect(filled.intro).toBe('By Amoria B.V.');
    expect(filled.sections[0]).toEqual({
      heading: 'H',
      paragraphs: ['a@b.c', '{{secret}}'],
      items: [{ q: '{{nope}}?', a: '14' }],
    });
  });
});
