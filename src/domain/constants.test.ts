import { describe, expect, it } from 'vitest';
import { APP_VERSION, DATE_MAX, DATE_MIN } from './constants.js';

describe('the spec’s constants', () => {
  it('date range and version', () => {
    expect([DATE_MIN, DATE_MAX, APP_VERSION]).toEqual(['1900-01-01', '2099-12-31', '1.0.0']);
  });
});
