// Validation failures travel as stable codes with parameters, never as prose: the server
// renders them in English for API readers, the client translates them (locales/*/validation.json).

import { DATE_MAX, DATE_MIN } from './constants.js';

export interface FieldIssue {
  code: string;
  params?: Record<string, string | number>;
}

/** The fields of a zod issue this module reads (zod's own issue type, structurally). */
export interface IssueLike {
  code: string;
  message?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  expected?: string;
  keys?: string[];
  values?: unknown[];
}

/**
 * A schema states a rule's code as its message (`.refine(fn, { message: 'password_common' })`);
 * a message that is not such a code is read from the issue's kind instead.
 */
const OWN_CODE = /^[a-z][a-z0-9_]*$/;

/** The date codes carry their example and bounds: the client writes them as its date fields show dates. */
const DATE_PARAMS: Record<string, Record<string, string>> = {
  date: { example: '2024-01-31' },
  date_range: { min: DATE_MIN, max: DATE_MAX },
};

export function issueOf(issue: IssueLike): FieldIssue {
  const found = codeOf(issue);
  const dates = DATE_PARAMS[found.code];
  return dates ? { ...found, params: { ...dates, ...found.params } } : found;
}

function codeOf(issue: IssueLike): FieldIssue {
  if (issue.message && OWN_CODE.test(issue.message)) return { code: issue.message };
  const n = (v: number | bigint | undefined) => Number(v ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { code: 'required' };
      return { code: issue.expected === 'number' || issue.expected === 'int' ? 'not_number' : 'invalid' };
    case 'too_small':
      if (issue.origin === 'string')
        return n(issue.minimum) <= 1 ? { code: 'required' } : { code: 'too_short', params: { min: n(issue.minimum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_few', params: { min: n(issue.minimum) } };
      return { code: 'too_small', params: { min: n(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'too_long', params: { max: n(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_many', params: { max: n(issue.maximum) } };
      return { code: 'too_big', params: { max: n(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'email' };
      if (issue.format === 'uuid' || issue.format === 'guid') return { code: 'invalid_id' };
      if (issue.format === 'date') return { code: 'date' };
      if (issue.format === 'datetime') return { code: 'datetime' };
      return { code: 'invalid' };
    case 'invalid_value':
      return issue.values?.length ? { code: 'choice', params: { allowed: issue.values.map(String).join(', ') } } : { code: 'choice' };
    case 'not_multiple_of':
      return { code: 'step' };
    case 'unrecognized_keys':
      return { code: 'unknown_field' };
    // A union (a decimal as text or number) given nothing fails every branch alike: it is missing.
    case 'invalid_union':
      return issue.input === undefined || issue.input === null ? { code: 'required' } : { code: 'invalid' };
    default:
      return { code: 'invalid' };
  }
}

/** English texts of the codes: the server's `errors` messages, and the client's English catalogue. */
export const VALIDATION_EN: Record<string, string> = {
  required: 'Required',
  invalid: 'Invalid value',
  not_number: 'Enter a number',
  too_short: 'At least {{min}} characters',
  too_long: 'At most {{max}} characters',
  too_small: 'At least {{min}}',
  too_big: 'At most {{max}}',
  too_few: 'Choose at least {{min}}',
  too_many: 'Choose at most {{max}}',
  email: 'Enter a valid e-mail address',
  invalid_id: 'Not a valid id',
  date: 'Use a date like {{example}}',
  datetime: 'Use a date and time like 2024-01-31T09:00:00Z',
  date_range: 'Use a date between {{min}} and {{max}}',
  choice: 'Use one of: {{allowed}}',
  country: 'Choose a country from the list',
  step: 'Not an allowed step',
  unknown_field: 'Unknown field',
  control_characters: 'Control characters are not allowed',
  unique: 'This value is already used by another record',
  password_short: 'Password must be at least 8 characters',
  password_long: 'Password must be at most 128 characters',
  password_common: 'This password is too common; choose another',
  code_format: 'Enter the 6-digit code',
  code_invalid: 'The code is invalid or has expired',
  password_wrong: 'The current password is not correct',
  file_empty: 'The file is empty',
  file_too_large: 'The file is too large',
  file_type: 'Unsupported file type',
  multipart_expected: 'Send the file as multipart/form-data',
  manager_self: 'A user cannot be their own manager',
  manager_missing: 'The manager does not exist',
  recipients_missing: 'Some recipients do not exist',
  read_only: 'This field cannot be changed',
  reference_missing: 'The selected record does not exist',
  end_before_start: 'The end must not be before the start',
  code_chars: 'Use letters, digits, - and _ only',
  project_other_customer: 'This project belongs to another customer',
  project_needs_customer: 'Choose the customer of this project',
  too_many_files: 'At most {{max}} files',
  project_in_use: '{{seats}} placement(s) and {{jobs}} job(s) are on this project: its customer cannot change',
  seat_hours_outside: '{{entries}} logged entries ({{from}} – {{to}}) belong to this placement and would fall outside it',
  user_in_use: 'Still holds {{seats}} live placement(s) and approves the pending leave of {{leaveApprovals}} person(s)',
  tag_chars: 'Use letters, digits, spaces and + # . _ / - only',
  duplicate_candidate: 'This candidate already exists: {{name}}',
  allocation_over: "The person's seats would add up to {{total}} % (with {{seats}}); at most 100 %",
  half_day_one_day: 'A half day is for a one-day request only',
  note_required: 'Add a note saying why',
  range_too_long: 'The date range is too long',
  before_from: 'Must not be before the start',
  leave_overlap: 'Overlaps your request of {{start}} – {{end}}',
  leave_balance: '{{days}} annual day(s) asked in {{year}}, only {{remaining}} remain',
  leave_no_working_days: 'These dates hold no working day',
  leave_not_pending: 'Only a pending request can be changed or decided',
  leave_not_cancellable: 'This request can no longer be cancelled',
  leave_matrix_exists: 'This person already has a balance row for this year',
  not_recruiter: 'Assigned recruiters must be recruiters (hr or hr_lead)',
  already_in_pipeline: 'This candidate is already in the pipeline',
  stage_unchanged: 'The candidate is already at this stage',
  stage_final: 'Only a lead can move a candidate out of hired, rejected or withdrawn',
  no_opening_left: 'Every opening of this job is filled',
  job_closed: 'Nobody is hired while the job is closed or on hold',
  openings_below_hires: '{{hires}} candidate(s) are hired: the job needs at least {{hires}} opening(s)',
  hours_range: 'Log more than 0 and at most {{max}} hours',
  hours_step: 'Log hours in steps of {{step}} (a quarter hour)',
  day_over_24h: '{{date}} would total {{total}} h; a day holds at most {{max}} h',
  future_date: 'Hours cannot be logged for a day still to come',
  month_closed: '{{month}} is closed: its records can no longer change',
  cell_repeated: 'This project and day appear twice',
  timesheet_duplicate: 'Hours are already logged for this project on this day',
  month: 'Use a month like 2026-01',
  ticket_transition: 'A ticket moves open → in progress → resolved → closed, and back to open from resolved or closed',
  ticket_handler_only: 'Only admin or hr_lead can do this on a ticket',
  ticket_not_open: 'The desk has taken this ticket on: its requester changes it only while it is open',
  assignee_not_handler: 'A ticket is assigned to an active admin or hr_lead',
  resolution_required: 'Say how the ticket was handled to resolve it',
  ticket_closed: 'This ticket is closed: reopen it to reply',
  ticket_reply_forbidden: 'Only the requester and the desk reply on a ticket',
  decimal: 'Enter a number like 1234.50',
  negative: 'Must not be negative',
  positive: 'Must be more than 0',
  decimal_places: 'Too many digits after the decimal point',
  decimal_too_big: 'The number is too large',
  due_before_issue: 'The due date must not be before the issue date',
  exchange_rate_required: 'Give the rate from {{currency}} to {{base}}',
  exchange_rate_base: 'The rate of the base currency {{currency}} is 1',
  seat_other_customer: 'This placement belongs to another customer',
  invoice_not_editable: 'A {{status}} invoice cannot change this: take it back to draft first',
  invoice_numbered: '{{number}} has a number: cancel it instead',
  invoice_status: 'A {{status}} invoice cannot do this',
  invoice_no_lines: 'Add at least one line before sending',
  paid_before_issue: 'The payment cannot be before the issue date ({{date}})',
  seat_already_billed: '{{invoice}} already bills this placement for {{period}}',
  billed_by_invoice: 'These hours are billed by {{invoice}}: cancel it or take it back to draft to change them',
  no_billable_seat: 'Nothing to bill in {{period}}: no placement with working days or logged hours',
  seat_currencies: 'The placements are billed in several currencies ({{currencies}}): invoice them one by one',
  invoice_not_creditable: 'Only a sent or paid invoice can be credited',
  credit_exceeds_invoice: '{{invoice}} has {{max}} {{currency}} left to credit: this credit note gives back more',
  credit_note_period: 'A credit note is booked in {{month}} or later: never before its invoice',
  credit_note_fixed: "A credit note keeps its invoice's customer, project, currency, exchange rate and tax rate",
  credit_note_not_payable: 'A credit note is not paid: it lowers what its invoice asks',
  invoice_credited: 'This invoice has issued credit notes: credit the rest instead of cancelling or changing it',
  unknown_email: 'No person has this e-mail',
  archived_person: 'This person is archived or inactive',
  duplicate_person: 'This person is already in row {{row}}',
  month_other: 'The import is for {{month}}',
  formula: 'A formula without a saved value: enter the value itself',
  net_negative: 'The deductions are more than the pay',
  salary_locked: 'A salary {{status}} can no longer change',
  salary_status: 'A salary {{status}} cannot do this',
  salary_paid: 'A paid salary is never deleted',
  bulk_scope: 'Name the rows by their ids, or ask for every row of the filter: one of the two',
  salary_duplicate: 'This person already has a salary for {{month}}',
  import_invalid: 'The file has {{errors}} error(s): fix them first',
  import_stale: 'The records changed since the preview: preview the file again',
  not_workbook: 'The file is not an Excel workbook (.xlsx)',
  workbook_too_large: 'The workbook unpacks to more than the import takes',
  too_many_rows: 'A file holds at most {{max}} rows',
  columns_missing: 'The sheet lacks the columns {{columns}}',
  ref_not_found: 'No record has this name',
  ref_ambiguous: '{{count}} records have this name: write the one meant by its e-mail or code',
  key_ambiguous: '{{count}} records match this row: say which one by a value of its own',
  duplicate_row: 'Row {{row}} already has this value',
  not_owner: 'You can only change records you own',
  csv_encoding: 'A .csv file must be UTF-8 text',
  weights_total: 'The weights of the applicable metrics must total 100 %',
  no_applicable_metric: 'Keep at least one metric applicable',
  cap_below_100: 'The cap is at least 100 %',
  na_reason_required: 'Say why this metric does not apply',
  actual_computed: 'This metric is computed from the firm’s data: no figure to enter',
  actual_note_required: 'Say where the achieved figure comes from',
  quarter_period: 'Use a quarter like 2026-Q3',
  kpi_exists: 'This person has targets for this quarter already',
  statement_exists: 'This person already has one for this period',
  statement_incomplete: 'A figure is missing: {{missing}}',
  statement_state: 'A {{status}} statement cannot do this',
  statement_line_unknown: 'This statement has no such line',
  project_bonus_paid: 'A paid project bonus does not change: mark it unpaid first',
  project_bonus_status: 'A {{status}} project bonus cannot do this',
  scale_empty: 'Add at least one level',
  scale_order: 'Each level’s achievement is above the one before',
  scale_falls: 'A higher achievement never earns a lower per cent',
  bonus_scale_used: 'Bonuses were approved under this scale: add a new version from a later quarter',
  fund_allocated: 'This quarter’s fund is allocated already',
  fund_incomplete: 'The fund can’t be allocated: {{missing}} missing',
  fund_not_allocated: 'This quarter’s fund is not allocated yet',
  no_rate: 'No exchange rate between {{from}} and {{to}} around {{month}}',
  performance_exists: 'This person has a score for this month already',
  tiers_empty: 'Give the plan at least one tier',
  rate_negative: 'Tier {{tier}}: a rate is never negative',
  rate_too_big: 'Tier {{tier}}: a rate is at most 100 %',
  tier_start: 'Tier {{tier}}: the first tier starts at 0',
  tier_open_before_last: 'Tier {{tier}}: only the last tier is open-ended',
  tier_empty: 'Tier {{tier}}: it must end above where it starts',
  tier_closed_last: 'Tier {{tier}}: leave the last tier’s end blank (open-ended)',
  tier_gap: 'Tier {{tier}} must start where tier {{previous}} ends: there is a gap',
  tier_overlap: 'Tier {{tier}} must start where tier {{previous}} ends: they overlap',
  plan_in_use: '{{month}} was approved with this version: add a version from a later month',
  plan_months_frozen: '{{month}} is approved already: a new version takes effect after it',
  plan_version_exists: 'This sale already has a version from this month',
  matrix_amount_required: 'Give the amount for this level',
  matrix_percent_required: 'Give the per cent of the first month’s billing',
  matrix_percent_range: 'Above 0 and at most 100 %',
  matrix_probation_range: 'From 1 to 365 days',
  split_empty: 'Name at least one recruiter',
  split_total: 'The shares must total exactly 100 %',
  split_percent_range: 'Above 0 and at most 100 %',
  split_duplicate: 'This recruiter is named twice',
};

export function describeIssue(issue: FieldIssue): string {
  const text = VALIDATION_EN[issue.code] ?? VALIDATION_EN.invalid!;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(issue.params?.[k] ?? ''));
}
