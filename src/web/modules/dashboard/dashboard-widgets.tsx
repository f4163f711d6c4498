// The dashboard's widgets, one file each under widgets/; the page picks those of the role's data.
export { HoursWidget } from './widgets/hours-widget';
export { MyKpiWidget } from './widgets/my-kpi-widget';
export { MyLeaveWidget } from './widgets/my-leave-widget';
export { MyWeekWidget } from './widgets/my-week-widget';
export { OpenJobsWidget } from './widgets/open-jobs-widget';
export { PipelineWidget } from './widgets/pipeline-widget';
export { ProfitWidget } from './widgets/profit-widget';
export { RevenueWidget } from './widgets/revenue-widget';
export { TeamLeaveWidget } from './widgets/team-leave-widget';
export { UtilisationWidget } from './widgets/utilisation-widget';
export { WorkforceWidget } from './widgets/workforce-widget';
