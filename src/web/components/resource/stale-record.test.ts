import { describe, expect, it } from 'vitest';
import { fieldsTheyChanged, staleRecordOf } from './stale-record';

const axiosError = (status: number, data: unknown) =>
  Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status, data } });
const details = {
  changedBy: { id: 'u1', name: 'Amelia Carter' },
  changedAt: '2026-11-26T10:00:00.000Z',
  current: { name: 'A' },
  version: '"v2"',
};

describe('staleRecordOf', () => {
  it("reads the server's 412 stale_record", () => {
    expect(staleRecordOf(axiosError(412, { statusCode: 412, code: 'stale_record', message: 'm', details }))).toEqual(details);
  });
  it('is nothing for another error, another code, or a body without the record now', () => {
    expect(staleRecordOf(axiosError(409, { code: 'stale_record', details }))).toBeUndefined();
    expect(staleRecordOf(axiosError(412, { code: 'precondition_failed', details }))).toBeUndefined();
    expect(staleRecordOf(axiosError(412, { code: 'stale_record', details: { ...details, current: undefined } }))).toBeUndefined();
    expect(staleRecordOf(axiosError(412, { code: 'stale_record' }))).toBeUndefined();
    expect(staleRecordOf(new Error('offline'))).toBeUndefined();
  });
  it('names nobody when the audit has no author', () => {
    expect(staleRecordOf(axiosError(412, { code: 'stale_record', details: { ...details, changedBy: undefined } }))?.changedBy).toBeNull();
  });
});

describe('fieldsTheyChanged', () => {
  it('lists the form fields whose stored value moved since the form loaded, in form order', () => {
    const loaded = { name: 'Acme', country: 'Japan', tags: ['a'], owner: null, notOnForm: 1 };
    const now = { name: 'Acme', country: 'Vietnam', tags: ['a', 'b'], owner: undefined, notOnForm: 2 };
    expect(fieldsTheyChanged(['tags', 'name', 'country', 'owner'], loaded, now)).toEqual(['tags', 'country']);
    expect(fieldsTheyChanged(['name'], loaded, loaded)).toEqual([]);
  });
});
