import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { registerLeaveDecisions } from './leave-requests.decision-routes.js';
import { registerLeaveInbox, registerLeaveOverview } from './leave-requests.read-routes.js';

/**
 * Leave beside its resource routes: the caller's requests, approvals, decisions, the dashboard and
 * the calendar. Registered in this order so that the API's document lists the routes as it always has.
 */
export function registerLeaveRoutes(app: Api, s: Services) {
  registerLeaveInbox(app, s);
  registerLeaveDecisions(app, s);
  registerLeaveOverview(app, s);
}
