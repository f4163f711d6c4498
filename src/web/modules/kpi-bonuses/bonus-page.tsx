import { kpiBonusesResource } from '../../../domain/modules/kpi/kpi-bonuses.resource';
import type { ResourcePageProps } from '../../app/web-module';
import { StatementShowPage } from '../../components/statement/statement-show-page';

/** A quarter bonus: its statement line by line, Approve on a draft and Mark paid on an approved one (admin and hr_lead). */
export function BonusShowPage(_: ResourcePageProps) {
  return <StatementShowPage decl={kpiBonusesResource} />;
}
