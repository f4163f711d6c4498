import { describe, expect, it } from 'vitest';
import { customerCreateSchema, customerUpdateSchema } from './customers.schema.js';
import { firstIssue } from '../../../../tests/fixtures/schema-issues.js';

const base = { name: 'Acme', code: 'acme' };

describe('customer create', () => {
  it('applies its defaults and normalizes', () => {
    expect(customerCreateSchema.parse({ ...base, country: ' ', billingEmail: ' Bill@Acme.COM ' })).toEqual({
      name: 'Acme',
      code: 'ACME',
      currency: 'USD',
      paymentTermsDays: 30,
      status: 'active',
      country: null,
      billingEmail: 'bill@acme.com',
      // Absent optional fields are stored as null.
      billingContact: null,
      address: null,
      taxId: null,
      ownerSaleId: null,
      // No language of its own: the firm's.
      language: null,
    });
    expect(customerCreateSchema.parse({ ...base, billingEmail: null, ownerSaleId: undefined })).toMatchObject({
      billingEmail: null,
      ownerSaleId: null,
    });
  });

  it('keeps a country as its upper-case code, and blank as none', () => {
    expect(customerCreateSchema.parse({ ...base, country: ' vn ' }).country).toBe('VN');
    expect(customerCreateSchema.parse({ ...base, country: '' }).country).toBeNull();
    expect(customerUpdateSchema.parse({ country: null })).toEqual({ country: null });
    expect(customerUpdateSchema.parse({ country: 'fr' })).toEqual({ country: 'FR' });
  });

  it.each([
    [{ name: undefined }, 'name: required'],
    [{ code: undefined }, 'code: required'],
    [{ name: ' A ' }, 'name: required'],
    [{ name: 'Ac' }, 'ok'],
    [{ name: 'x'.repeat(160) }, 'ok'],
    [{ name: 'x'.repeat(161) }, 'name: too_long'],
    [{ code: 'C'.repeat(20) }, 'ok'],
    [{ code: 'C'.repeat(21) }, 'code: too_long'],
    [{ code: 'A B' }, 'code: code_chars'],
    // A country is its ISO 3166-1 alpha-2 code; a name, an unassigned code or the alpha-3 form is refused.
    [{ country: 'VN' }, 'ok'],
    [{ country: 'Vietnam' }, 'country: country'],
    [{ country: 'XK' }, 'country: country'],
    [{ country: 'VNM' }, 'country: country'],
    [{ country: 'ZZ' }, 'country: country'],
    [{ country: 1 }, 'country: invalid'],
    [{ billingContact: 'x'.repeat(120) }, 'ok'],
    [{ billingContact: 'x'.repeat(121) }, 'billingContact: too_long'],
    [{ address: 'x'.repeat(500) }, 'ok'],
    [{ address: 'x'.repeat(501) }, 'address: too_long'],
    [{ taxId: 'x'.repeat(40) }, 'ok'],
    [{ taxId: 'x'.repeat(41) }, 'taxId: too_long'],
    [{ billingEmail: 'bill' }, 'billingEmail: email'],
    [{ paymentTermsDays: 0 }, 'ok'],
    [{ paymentTermsDays: 365 }, 'ok'],
    [{ paymentTermsDays: 366 }, 'paymentTermsDays: too_big'],
    [{ paymentTermsDays: -1 }, 'paymentTermsDays: too_small'],
    [{ paymentTermsDays: 1.5 }, 'paymentTermsDays: not_number'],
    [{ currency: 'EUR' }, 'ok'],
    [{ currency: 'XYZ' }, 'currency: choice'],
    [{ status: 'inactive' }, 'ok'],
    [{ status: 'closed' }, 'status: choice'],
    [{ ownerSaleId: 'me' }, 'ownerSaleId: invalid_id'],
    [{ id: '00000000-0000-4000-8000-000000000000' }, ': unknown_field'],
  ])('%j → %s', (over, expected) => {
    expect(firstIssue(customerCreateSchema, { ...base, ...over })).toBe(expected);
  });
});

describe('customer update', () => {
  it('is partial: nothing is required and no default is added', () => {
    expect(customerUpdateSchema.parse({})).toEqual({});
    expect(customerUpdateSchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
  });
  it.each([
    [{ name: 'x'.repeat(161) }, 'name: too_long'],
    [{ paymentTermsDays: 366 }, 'paymentTermsDays: too_big'],
    [{ code: 'vng-01' }, 'ok'],
    [{ createdAt: '2024-01-01' }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(customerUpdateSchema, body)).toBe(expected);
  });
});
