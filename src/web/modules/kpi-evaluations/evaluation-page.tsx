import { kpiEvaluationsResource } from '../../../domain/modules/kpi/kpi-evaluations.resource';
import type { ResourcePageProps } from '../../app/web-module';
import { StatementShowPage } from '../../components/statement/statement-show-page';

/** A quarter's evaluation: its statement line by line, and Approve (admin and hr_lead) on a draft. */
export function EvaluationShowPage(_: ResourcePageProps) {
  return <StatementShowPage decl={kpiEvaluationsResource} />;
}
