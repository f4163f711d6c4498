import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, USER_LEVELS, USER_STATUSES, userCreateSchema, userSchema, userUpdateSchema } from './users.schema.js';

const base = { fullName: 'Ann Lee', email: 'ann@example.com', role: 'developer', password: 'a long passphrase' };

describe('user schemas: edges', () => {
  it('create: status active by default, e-mail lower-cased, optional texts null', () => {
    expect(userCreateSchema.parse({ ...base, email: ' Ann@Example.com ' })).toMatchObject({
      status: 'active',
      email: 'ann@example.com',
    });
    expect(userCreateSchema.parse({ ...base, phone: '', title: '  ' })).toMatchObject({ phone: null, title: null });
    expect(userCreateSchema.parse({ ...base, title: '  Lead  ' }).title).toBe('Lead');
  });

  it.each([
    [{ fullName: 'A' }, 'required'],
    [{ fullName: 'x'.repeat(121) }, undefined],
    [{ fullName: 'Ann\u202eLee' }, 'control_characters'],
    [{ phone: '1'.repeat(41) }, undefined],
    [{ phone: '+84\u0000' }, 'control_characters'],
    [{ title: 'x'.repeat(121) }, undefined],
    [{ title: 'a\tb' }, 'control_characters'],
    [{ role: 'root' }, undefined],
    [{ status: 'deleted' }, undefined],
    [{ level: 'guru' }, undefined],
    [{ managerId: 'me' }, undefined],
    [{ joinDate: '2024-13-01' }, 'date'],
    [{ joinDate: '1899-12-31' }, 'date_range'],
    [{ password: 'short' }, 'password_short'],
    [{ unknown: 1 }, undefined],
  ])('create refuses %j', (over, message) => {
    const r = userCreateSchema.safeParse({ ...base, ...over });
    expect(r.success).toBe(false);
    if (message) expect(r.error!.issues[0]!.message).toBe(message);
  });

  it.each([
    [{ fullName: 'x'.repeat(120) }],
    [{ phone: '1'.repeat(40) }],
    [{ title: 'x'.repeat(120) }],
    [{ level: null }],
    [{ managerId: null }],
    [{ joinDate: null }],
    [{ level: 'lead' }],
  ])('update accepts %j', (over) => {
    expect(userUpdateSchema.safeParse(over).success).toBe(true);
  });

  it('profile: only name, phone and title', () => {
    expect(profileUpdateSchema.parse({ fullName: ' Ann ', phone: '', title: 'QA' })).toEqual({ fullName: 'Ann', phone: null, title: 'QA' });
    for (const key of ['email', 'status', 'level', 'managerId', 'joinDate', 'password'])
      expect(profileUpdateSchema.safeParse({ [key]: 'x' }).success, key).toBe(false);
  });

  it('states, levels and the entity shape', () => {
    expect(USER_STATUSES).toEqual(['pending', 'active', 'inactive']);
    expect(USER_LEVELS).toEqual(['intern', 'junior', 'middle', 'senior', 'lead']);
    expect(userSchema.safeParse({}).success).toBe(false);
  });
});
