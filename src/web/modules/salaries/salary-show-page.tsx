import { useState } from 'react';
import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import type { Salary } from '../../../domain/modules/salaries/salaries.schema';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import type { SalaryAction } from '../../../domain/modules/salaries/salaries.rules';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { recordName, recordParams, useTitleLabels } from '../../components/resource/record-name';
import { ResourceShow } from '../../components/resource/resource-show';
import { useResource } from '../../components/resource/use-resource';
import { useClosedMonth } from '../../components/resource/closed-month';
import { actionOffered, actionSegment, postStateAction } from '../../components/resource/state-actions';
import { refusalText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { versionOf } from '../../providers/data-provider';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';

/** A salary: the kit's detail page with approve and mark paid, each confirmed and sent with the version on screen. */
export function SalaryShowPage() {
  const { id } = useParams();
  const { t } = useTranslation(['salaries', 'common', 'validation', 'errors']);
  const { role } = useAuthContext();
  const fmt = useFormatters();
  const invalidate = useInvalidate();
  const { query } = useOne<Salary>({ resource: 'salaries', id: id!, liveMode: 'auto' });
  const salary = query.data?.data;
  const version = versionOf(query.data);
  const [confirm, setConfirm] = useState<SalaryAction | null>(null);
  const [pending, setPending] = useState(false);

  async function run(action: SalaryAction) {
    setPending(true);
    try {
      await postStateAction(salariesResource, id!, action, version);
      toast.success(t(`salaries:actions.${action}Done`));
    } catch (error) {
      toast.error(refusalText(t, error));
    } finally {
      setPending(false);
      setConfirm(null);
      await invalidate({ resource: 'salaries', invalidates: ['detail', 'list'], id });
    }
  }

  // Its confirmation names the person and the month ("Approve Nguyễn Văn A's salary for November 2026 — net …?").
  const meta = useResource('salaries');
  const labels = useTitleLabels(meta, salary ? [salary] : []);
  const closedMonth = useClosedMonth(salariesResource, salary);
  const allowed = (a: SalaryAction) => actionOffered(salariesResource, role, a, salary, closedMonth);
  const actions = salary && (
    <>
      {(['approve', 'markPaid'] as const).filter(allowed).map((a) => (
        <Button
          key={a}
          variant="contained"
          color={a === 'markPaid' ? 'success' : 'primary'}
          onClick={() => setConfirm(a)}
          data-testid={`salary-${actionSegment(salariesResource, a)}`}
        >
          {t(`salaries:actions.${a}`)}
        </Button>
      ))}
    </>
  );

  return (
    <>
      <ResourceShow
        resource="salaries"
        id={id!}
        actions={actions}
        // An approved or paid salary is not edited, and a paid one never deleted: the server refuses both.
        rights={{ edit: salary?.status === 'draft', delete: !!salary && salary.status !== 'paid' }}
      />
      {confirm && salary && (
        <ConfirmDialog
          open
          title={t('common:bulk.titleOne', { action: t(`salaries:actions.${confirm}`), name: recordName(meta, fmt, labels, salary) })}
          message={t(`salaries:actions.${confirm}Confirm`, recordParams(meta, fmt, labels, salary))}
          confirmColor={confirm === 'markPaid' ? 'success' : 'primary'}
          confirmText={t(`salaries:actions.${confirm}`)}
          pending={pending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void run(confirm)}
          testId="salary-action-confirm"
        />
      )}
    </>
  );
}
