import { asc, isNull } from 'drizzle-orm';
import type { TicketStatus } from '../../../domain/modules/tickets/tickets.schema.js';
import type { Db } from '../../db/client.js';
import { customers } from '../customers/customers.table.js';
import type { SeedContext } from '../module.js';
import { tickets } from './tickets.table.js';

type Seeded = [title: string, category: string, priority: string, status: TicketStatus, description: string, forCustomer?: boolean];

// Twenty requests at every status, the kind a staffing firm's people file.
const TICKETS: Seeded[] = [
  [
    'VPN access for the Sakura Bank project',
    'access',
    'high',
    'open',
    'The customer sent the VPN profile; I need the client installed and my account enabled.',
    true,
  ],
  [
    'Laptop battery swells',
    'equipment',
    'urgent',
    'open',
    'The battery of my ThinkPad lifts the touchpad. Please replace it before it fails.',
  ],
  ['Payslip for October missing', 'payroll', 'normal', 'open', 'I cannot find my October payslip in the mail; could you send it again?'],
  ['Leave balance looks wrong', 'leave', 'normal', 'open', 'My remaining annual days show 3 but I count 5 after the carry-over.'],
  ['Second monitor for the recruiting desk', 'equipment', 'low', 'open', 'Screening calls with a CV open beside the call would go faster.'],
  [
    'GitLab access for the new mobile team',
    'access',
    'high',
    'in_progress',
    'Three developers start on Monday and need the mobile group.',
    true,
  ],
  [
    'Overtime not paid in September',
    'payroll',
    'high',
    'in_progress',
    'Twelve hours of release-night overtime are not on my September salary.',
  ],
  ['Headset for customer interviews', 'equipment', 'normal', 'in_progress', 'My headset microphone crackles during customer interviews.'],
  [
    'Jira account for the customer’s board',
    'access',
    'normal',
    'in_progress',
    'The customer moved their sprint board to their own Jira.',
    true,
  ],
  ['Maternity leave paperwork', 'leave', 'high', 'in_progress', 'Which forms do I fill in for the social insurance office, and by when?'],
  ['Office key card stopped working', 'access', 'normal', 'resolved', 'The card no longer opens the 5th floor since Tuesday.'],
  [
    'Payslip shows the wrong bank account',
    'payroll',
    'urgent',
    'resolved',
    'I changed banks in August; the payslip still shows the old account.',
  ],
  ['Docking station for the meeting room', 'equipment', 'low', 'resolved', 'The meeting room dock has no HDMI output.'],
  ['Carry-over days after Tết', 'leave', 'normal', 'resolved', 'Do the days carried from last year expire after Tết?'],
  ['Shared drive for the sales team', 'access', 'low', 'resolved', 'A folder for proposals that sales and sale leads can edit.'],
  ['Replace the broken office chair', 'equipment', 'low', 'closed', 'The chair at desk 14 has a broken height lever.'],
  ['Tax certificate for 2025', 'payroll', 'normal', 'closed', 'I need my personal income tax certificate for a bank loan.'],
  ['Wedding leave days', 'leave', 'low', 'closed', 'How many paid days does wedding leave give, and can I split them?'],
  ['Email signature with the new logo', 'other', 'low', 'closed', 'The signature template still has the old logo.'],
  ['Parking spot for the night shift', 'other', 'normal', 'open', 'Night-shift support engineers arrive when the visitor parking is full.'],
];

// How the desk handled the resolved and closed ones (a resolution is required to resolve).
const RESOLUTIONS: Record<string, string> = {
  'Office key card stopped working': 'The card was re-encoded at reception; it opens every floor again.',
  'Payslip shows the wrong bank account': 'The new account is on file and the payslip was issued again.',
  'Docking station for the meeting room': 'The dock was replaced with a model that has HDMI.',
  'Carry-over days after Tết': 'Carried-over days can be taken until the end of March; the balance now shows them.',
  'Shared drive for the sales team': 'The Proposals folder is shared with sale and sale_lead, with edit rights.',
  'Replace the broken office chair': 'A new chair was delivered to desk 14.',
  'Tax certificate for 2025': 'The certificate was signed and sent by mail.',
  'Wedding leave days': 'Three paid days, which can be split in two parts within the month of the wedding.',
  'Email signature with the new logo': 'The signature template was updated for everyone.',
};

export async function seedTickets(db: Db, ctx: SeedContext) {
  const handlers = ctx.users.filter((u) => u.role === 'admin' || u.role === 'hr_lead');
  // Several requesters: the demo developer first (their own tickets show at once), then people of every role.
  const requesters = [
    ...ctx.users.filter((u) => u.role === 'developer').slice(0, 3),
    ...ctx.users.filter((u) => u.role === 'hr' || u.role === 'sale' || u.role === 'manager' || u.role === 'sale_lead').slice(0, 5),
  ];
  if (!handlers.length || !requesters.length) return;
  const someCustomers = await db
    .select({ id: customers.id })
    .from(customers)
    .where(isNull(customers.archivedAt))
    .orderBy(asc(customers.name))
    .limit(5);
  const now = Date.now();
  await db.insert(tickets).values(
    TICKETS.map(([title, category, priority, status, description, forCustomer], i) => {
      const requester = requesters[i % requesters.length]!;
      const createdAt = new Date(now - (TICKETS.length - i) * 26 * 3_600_000).toISOString();
      return {
        title,
        category,
        priority,
        status,
        description,
        resolution: status === 'resolved' || status === 'closed' ? (RESOLUTIONS[title] ?? 'Handled by the desk.') : null,
        requesterId: requester.id,
        // The desk takes a ticket on when it assigns it; a few open ones are assigned already.
        assigneeId: status !== 'open' || i % 3 === 0 ? handlers[i % handlers.length]!.id : null,
        customerId: forCustomer && someCustomers.length ? someCustomers[i % someCustomers.length]!.id : null,
        createdBy: requester.id,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}
