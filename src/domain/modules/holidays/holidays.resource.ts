import { defineResource, standardAccess } from '../../resource.js';
import { holidayCreateSchema, holidaySchema, holidayUpdateSchema } from './holidays.schema.js';

/**
 * Public holidays: every day off that leave and logwork leave out of working days. Everyone reads
 * them (the calendar, the leave form's day count); admin and hr_lead keep them.
 */
export const holidaysResource = defineResource({
  name: 'holidays',
  label: 'Holiday',
  base: '/api',
  path: 'calendar/holidays',
  route: '/leave/holidays',
  section: 'leave',
  access: standardAccess('leave', {
    create: ['admin', 'hr_lead'],
    edit: ['admin', 'hr_lead'],
    delete: ['admin', 'hr_lead'],
  }),
  schemas: { entity: holidaySchema, create: holidayCreateSchema, update: holidayUpdateSchema },
  fields: {
    name: { type: 'string', sort: true, filter: 'search', list: true },
    date: { type: 'date', sort: true, filter: 'range', list: true, unique: true },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'date', order: 'asc' },
  recordTitle: 'name',
  softDelete: true,
  nav: false,
});
