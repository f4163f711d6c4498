import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { changeLanguage, initI18n } from '../../i18n';
import { createFormatters } from '../../i18n/format';
import { notificationHref, notificationText } from './notification-text';

// A notification's words come from its type and params in the reader's language; old rows keep their text.
const strip = (s: string) => s.replace(/[\u2068\u2069]/g, '');
const leave = {
  type: 'leave_requested_placed',
  title: 'A placed developer asks for leave',
  message: 'Dev One asks for sick leave 2026-03-02 – 2026-03-03, 2 day(s): 1 billable day(s)',
  params: {
    leaveId: 'l1',
    requester: 'Dev One',
    leaveType: 'sick',
    startDate: '2026-03-02',
    endDate: '2026-03-03',
    halfDay: null,
    days: 2,
    billableDays: 1,
  },
};
const text = (lang: string, item: Parameters<typeof notificationText>[2]) => {
  const r = notificationText(i18next, createFormatters(lang), item);
  return { title: strip(r.title), message: strip(r.message) };
};

describe('notificationText', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('words a leave request in English and French, with localized dates and plural days', async () => {
    await changeLanguage('en');
    expect(text('en', leave)).toEqual({
      title: 'A placed developer asks for leave',
      message: 'Dev One asks for Sick leave from 03/02/2026 to 03/03/2026, 2 days: 1 billable day',
    });
    await changeLanguage('fr');
    expect(text('fr', leave)).toEqual({
      title: 'Un développeur placé demande un congé',
      message: 'Dev One demande congé (Maladie) du 02/03/2026 au 03/03/2026, 2 jours : 1 jour facturable',
    });
    const half = { ...leave, type: 'leave_approved', params: { ...leave.params, endDate: '2026-03-02', halfDay: 'am', days: 0.5 } };
    expect(text('fr', half).message).toBe('congé (Maladie) le 02/03/2026 (Matin), 0,5 jour');
  });

  it('translates a pipeline move’s stages and isolates names', async () => {
    await changeLanguage('fr');
    const moved = notificationText(i18next, createFormatters('fr'), {
      type: 'candidate_status_changed',
      title: 'Candidate moved',
      message: '',
      params: { candidate: 'Rohan Mehta', job: 'React lead', from: 'screening', to: 'interview' },
    });
    expect(moved.message).toBe(
      '\u2068Rohan Mehta\u2069 (\u2068React lead\u2069) : Présélection → Entretien'.replace(
        'Présélection',
        i18next.t('jobs:stages.screening'),
      ),
    );
    expect(moved.title).toBe('Candidat déplacé');
  });

  it('shows a row stored without params as written', async () => {
    await changeLanguage('fr');
    expect(text('fr', { type: 'leave_approved', title: 'Leave request approved', message: 'annual leave 2025-01-02, 1 day(s)' })).toEqual({
      title: 'Demande de congé approuvée',
      message: 'annual leave 2025-01-02, 1 day(s)',
    });
    // A notice someone wrote under a known type keeps the title they gave it.
    expect(text('fr', { type: 'job_created', title: 'Hiring day on Friday', message: 'Room 2' })).toEqual({
      title: 'Hiring day on Friday',
      message: 'Room 2',
    });
    expect(text('fr', { type: 'announcement', title: 'Office closed', message: 'Monday' })).toEqual({
      title: 'Office closed',
      message: 'Monday',
    });
  });

  it('links each type to what it is about', () => {
    expect(notificationHref({ type: 'candidate_added', jobId: 'j1' })).toBe('/jobs/j1');
    expect(notificationHref({ type: 'leave_requested', params: { leaveId: 'l1' } })).toBe('/leave/approvals');
    expect(notificationHref({ type: 'leave_approved', params: { leaveId: 'l1' } })).toBe('/leave/l1');
    expect(notificationHref({ type: 'leave_cancelled' })).toBe('/leave');
    expect(notificationHref({ type: 'ticket_resolved', params: { ticketId: 't1' } })).toBe('/tickets/t1');
    expect(notificationHref({ type: 'statement_question', params: { resource: 'kpi-bonuses', statementId: 's1' } })).toBe(
      '/kpi/bonuses/s1',
    );
    expect(notificationHref({ type: 'statement_answer', params: { resource: 'kpi-evaluations', statementId: 's2' } })).toBe(
      '/kpi/evaluations/s2',
    );
    expect(notificationHref({ type: 'announcement' })).toBeUndefined();
  });
});
