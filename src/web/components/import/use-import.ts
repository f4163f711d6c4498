import { useEffect, useRef, useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../i18n/error-text';
import { toHttpError } from '../../providers/http';
import { toast } from '../../toast';
import type { ImportApi } from './import-api';
import type { ImportExecuted, ImportPreview, ImportRecord, ImportValidation } from './import-types';

/** The kit's import words and the refusals' (validation, errors); a module adds its own namespace. */
export const IMPORT_NAMESPACES = ['common', 'validation', 'errors'];

/** The kit's steps, after those a module puts first (the salaries' month). */
export const KIT_STEPS = ['file', 'preview', 'done'] as const;

/** What is running, for its button's spinner: one action at a time. */
export type ImportBusy = 'template' | 'validate' | 'errors' | 'preview' | 'execute';

/**
 * A refusal in the user's words, and its way forward: `stale` (the records changed since the
 * preview: preview again), `invalid` (the sheet no longer passes: check it again), else none.
 */
export interface ImportRefusal {
  text: string;
  kind: 'stale' | 'invalid' | 'other';
}

/**
 * One import's state across its steps: the step shown (a module's own first steps, then the file,
 * the preview and done), the sheet, what the server answered at each step, the action running,
 * the upload's progress while applying, the last refusal, and the past imports. The step's heading
 * (`heading`) takes the focus at each step, so that a keyboard or screen reader user follows.
 */
export function useImport<P extends ImportPreview, R extends ImportRecord>({
  api,
  resource,
  first = 'file',
}: {
  api: ImportApi<P, R>;
  /** The resource whose lists are read again once applied, and whose imports are listed. */
  resource: string;
  /** The first step's key: a module's own, else the file. */
  first?: string;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const invalidate = useInvalidate();
  const [step, setStep] = useState(first);
  const [file, setFile] = useState<File | null>(null);
  const [validation, setValidation] = useState<ImportValidation | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [result, setResult] = useState<ImportExecuted<R> | null>(null);
  const [busy, setBusy] = useState<ImportBusy | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [upload, setUpload] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const history = useQuery({ queryKey: ['imports', resource], queryFn: api.history });

  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  // A refusal names the sheet's first problem when it has one, else says what went wrong.
  const refusalOf = (e: unknown): ImportRefusal => {
    const err = toHttpError(e);
    const text = refusalText(t, e);
    return { text, kind: err.code === 'import_stale' ? 'stale' : err.code === 'import_invalid' ? 'invalid' : 'other' };
  };

  async function act(name: ImportBusy, fn: () => Promise<void>) {
    setBusy(name);
    setRefusal(null);
    try {
      await fn();
    } catch (e) {
      setRefusal(refusalOf(e));
    } finally {
      setBusy(null);
    }
  }

  const go = (next: string) => {
    setRefusal(null);
    setStep(next);
  };
  const downloadTemplate = () => act('template', api.template);
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setValidation(null);
    setPreview(null);
    setRefusal(null);
  };
  const validate = () =>
    act('validate', async () => {
      setValidation(null);
      setValidation(await api.validate(file!));
    });
  const downloadErrors = () => act('errors', () => api.downloadErrors(file!));
  const toPreview = () =>
    act('preview', async () => {
      setPreview(await api.preview(file!));
      setStep('preview');
    });
  /** The sheet no longer passes (the records it names changed): back to the file, checked again. */
  const recheck = () => {
    setStep('file');
    void validate();
  };
  const execute = () =>
    act('execute', async () => {
      setConfirm(false);
      setUpload(0);
      try {
        const executed = await api.execute(file!, preview!.previewToken, setUpload);
        setResult(executed);
        setStep('done');
        toast.success(t(executed.applied ? 'common:import.applied' : 'common:import.replayed'));
        await invalidate({ resource, invalidates: ['list'] });
        await history.refetch();
      } finally {
        setUpload(null);
      }
    });
  const restart = () => {
    setStep(first);
    setFile(null);
    setValidation(null);
    setPreview(null);
    setResult(null);
    setRefusal(null);
  };

  return {
    step,
    go,
    file,
    chooseFile,
    validation,
    preview,
    result,
    busy,
    refusal,
    confirm,
    setConfirm,
    upload,
    history,
    heading,
    downloadTemplate,
    validate,
    downloadErrors,
    toPreview,
    recheck,
    execute,
    restart,
  };
}

export type ImportState<P extends ImportPreview = ImportPreview, R extends ImportRecord = ImportRecord> = ReturnType<
  typeof useImport<P, R>
>;
