import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, userUpdateSchema } from './users.schema.js';

describe('user schemas', () => {
  it.each([
    ['1900-01-01', true],
    ['2099-12-31', true],
    ['1899-12-31', false],
    ['2100-01-01', false],
    ['2024-02-30', false],
    ['31/01/2024', false],
  ])('join date %s valid: %s', (joinDate, ok) => {
    expect(userUpdateSchema.safeParse({ joinDate }).success).toBe(ok);
  });

  it('turns blank optional texts into null and refuses fields a profile may not change', () => {
    expect(userUpdateSchema.parse({ phone: '  ' }).phone).toBeNull();
    expect(profileUpdateSchema.safeParse({ role: 'admin' }).success).toBe(false);
  });
});
