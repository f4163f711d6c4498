import { describe, expect, it } from 'vitest';
import { parseArgs, singular, snakeOf } from './spec.js';

const known = [
  { name: 'customers', path: 'customers', route: '/customers' },
  { name: 'users', path: 'user', route: '/users' },
];

describe('new:resource arguments', () => {
  it('reads a resource with every kind of field', () => {
    const r = parseArgs(
      [
        'external-costs',
        'vendor:string',
        'amount:money:required',
        'kind:enum(office|software)',
        'customerId:ref(customers)',
        'paidAt:datetime',
      ],
      known,
    );
    expect(r).toMatchObject({
      name: 'external-costs',
      camel: 'externalCosts',
      type: 'ExternalCost',
      table: 'external_costs',
      label: 'External cost',
      base: '/api/v1',
      path: 'external-costs',
      route: '/external-costs',
      section: 'external-costs',
    });
    expect(r.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['vendor', 'string', true], // the title is always required
      ['amount', 'money', true],
      ['kind', 'enum', false],
      ['customerId', 'ref', false],
      ['paidAt', 'datetime', false],
      ['currency', 'enum', false], // money brings its currency
    ]);
    expect(r.fields[2]!.values).toEqual(['office', 'software']);
    expect(r.fields[3]!.ref).toBe('customers');
  });

  it('reads a file slot with the kinds it takes', () => {
    const r = parseArgs(['vendors', 'name:string', 'contractScan:file(pdf|png)', '--section', 'jobs'], known);
    expect(r.fields[1]).toMatchObject({ name: 'contractScan', type: 'file', kinds: ['pdf', 'png'], required: false });
  });

  it('takes the section, path, base and label from options', () => {
    const r = parseArgs(
      ['vendors', 'name:string:unique', '--section', 'external-costs', '--path', 'cost-vendors', '--base', '/api', '--label', 'Supplier'],
      known,
    );
    expect(r).toMatchObject({ section: 'external-costs', path: 'cost-vendors', base: '/api', label: 'Supplier' });
    expect(r.fields[0]).toMatchObject({ unique: true, required: true });
  });

  it.each([
    [[], 'a resource name is needed'],
    [['Vendors', 'name:string'], 'plural kebab-case'],
    [['customers', 'name:string'], 'already exists'],
    [['vendors'], 'at least one field'],
    [['vendors', 'name:string', '--section', 'nowhere'], '--section is needed'],
    [['vendors', 'name:string'], '--section is needed'],
    [['vendors', 'name:strin', '--section', 'jobs'], 'unknown type "strin"'],
    [['vendors', 'name', '--section', 'jobs'], 'is not <field>:<type>'],
    [['vendors', 'rating:int', '--section', 'jobs'], 'must be a string'],
    [['vendors', 'name:string', 'name:text', '--section', 'jobs'], 'given twice'],
    [['vendors', 'name:string', 'id:string', '--section', 'jobs'], 'added by the kit'],
    [['vendors', 'name:string', 'Kind:string', '--section', 'jobs'], 'camelCase'],
    [['vendors', 'name:string', 'kind:enum(one)', '--section', 'jobs'], 'two or more'],
    [['vendors', 'name:string', 'kind:enum(One|Two)', '--section', 'jobs'], 'snake_case'],
    [['vendors', 'name:string', 'ownerId:ref(nothing)', '--section', 'jobs'], 'no resource "nothing"'],
    [['vendors', 'name:string', 'ownerId:ref', '--section', 'jobs'], 'needs a resource'],
    [['vendors', 'name:string', 'size:int(4)', '--section', 'jobs'], 'takes no parameters'],
    [['vendors', 'name:string', 'note:text:unique', '--section', 'jobs'], 'can be unique'],
    [['vendors', 'name:string', 'note:text:indexed', '--section', 'jobs'], 'unknown modifier'],
    [['vendors', 'name:string', 'amount:money', 'currency:string', '--section', 'jobs'], 'leave it out'],
    [['vendors', 'name:string', '--section'], 'needs a value'],
    [['vendors', 'name:string', '--section', 'jobs', '--colour', 'red'], 'unknown option --colour'],
    [['vendors', 'name:string', '--section', 'jobs', '--path', 'user'], 'is taken'],
    [['vendors', 'name:string', '--section', 'jobs', '--base', '/v2'], '--base is'],
    [['vendors', 'name:string', 'scan:file(exe)', '--section', 'jobs'], 'file needs its kinds'],
    [['vendors', 'name:string', 'scan:file', '--section', 'jobs'], 'file needs its kinds'],
    [['vendors', 'name:string', 'scan:file(pdf):required', '--section', 'jobs'], 'cannot be required'],
    [['vendors', 'name:string', 'scan:file(pdf):unique', '--section', 'jobs'], 'can be unique'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv, known)).toThrow(message);
  });

  it.each([
    ['external-costs', 'external-cost'],
    ['companies', 'company'],
    ['statuses', 'status'],
    ['boxes', 'box'],
    ['staff', 'staff'],
  ])('singular(%s) = %s', (plural, one) => expect(singular(plural)).toBe(one));

  it('names columns in snake_case', () => {
    expect(snakeOf('techStackIds')).toBe('tech_stack_ids');
    expect(snakeOf('ExternalCost')).toBe('external_cost');
  });
});
