import { useEffect, useRef, useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ImportRecord } from '../../../domain/modules/salaries/salaries.schema';
import { errorText, issueText } from '../../i18n/error-text';
import { toHttpError } from '../../providers/http';
import { toast } from '../../toast';
import { salaryImportApi, type ImportExecuted, type ImportPreview, type ImportValidation } from './salary-import-api';
import { downloadMonth, thisMonth } from './salary-list-page';

/** The import screen's namespaces: its own words, and the refusals' (validation, errors). */
export const IMPORT_NAMESPACES = ['salaries', 'common', 'validation', 'errors'];

/** What is running, for its button's spinner: one action at a time. */
export type ImportAction = 'template' | 'validate' | 'errors' | 'preview' | 'execute';

/**
 * The import's state across its four steps: the step shown, the month and its sheet, what the
 * server answered at each step, the action running and the last refusal, and the past imports.
 * The step's heading (`heading`) takes the focus at each step.
 */
export function useSalaryImport() {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const invalidate = useInvalidate();
  const [step, setStep] = useState(0);
  const [month, setMonth] = useState(thisMonth);
  const [file, setFile] = useState<File | null>(null);
  const [validation, setValidation] = useState<ImportValidation | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportExecuted | null>(null);
  const [busy, setBusy] = useState<ImportAction | null>(null);
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [history, setHistory] = useState<ImportRecord[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);

  // A refusal names the sheet's first problem when it has one, else says what went wrong.
  const refusal = (e: unknown) => {
    const issue = Object.values((toHttpError(e).issues ?? {}) as Record<string, { code: string; params?: Record<string, string> }>)[0];
    return issue ? issueText(t, issue) : errorText(t, e);
  };
  const loadHistory = () =>
    salaryImportApi
      .history()
      .then(setHistory)
      .catch(() => setHistory([]));
  useEffect(() => {
    void loadHistory();
  }, []);
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  async function act(name: ImportAction, fn: () => Promise<void>) {
    setBusy(name);
    setError('');
    try {
      await fn();
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(null);
    }
  }

  const downloadTemplate = () => act('template', () => downloadMonth(month));
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setValidation(null);
    setError('');
  };
  const validate = () =>
    act('validate', async () => {
      setValidation(null);
      setValidation(await salaryImportApi.validate(file!, month));
    });
  const downloadErrors = () => act('errors', () => salaryImportApi.downloadErrors(file!, month));
  const toPreview = () =>
    act('preview', async () => {
      setPreview(await salaryImportApi.preview(file!, month));
      setStep(2);
    });
  const execute = () =>
    act('execute', async () => {
      setConfirm(false);
      const executed = await salaryImportApi.execute(file!, month, preview!.previewToken);
      setResult(executed);
      setStep(3);
      toast.success(t(executed.applied ? 'salaries:import.applied' : 'salaries:import.replayed'));
      await invalidate({ resource: 'salaries', invalidates: ['list'] });
      await loadHistory();
    });
  const restart = () => {
    setStep(0);
    setFile(null);
    setValidation(null);
    setPreview(null);
    setResult(null);
    setError('');
  };

  return {
    step,
    setStep,
    month,
    setMonth,
    file,
    chooseFile,
    validation,
    preview,
    result,
    busy,
    error,
    confirm,
    setConfirm,
    history,
    heading,
    downloadTemplate,
    validate,
    downloadErrors,
    toPreview,
    execute,
    restart,
  };
}

export type SalaryImport = ReturnType<typeof useSalaryImport>;
