import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { applyServerErrors } from '../form/server-errors';
import { toHttpError } from '../../providers/session';
import { namedRows, type NamedRows } from './form-refusal';
import { staleRecordOf, type StaleRecord } from './stale-record';

type Values = Record<string, unknown>;

/**
 * The form's save: the page's last word on the values, then the save; a refusal goes where it
 * belongs — someone else's newer version to the stale panel, field errors on their fields (the
 * first one focused), the rest as one general message, and the rows a field's issue names.
 */
export function useFormSubmit({
  methods,
  onFinish,
  transform,
  sendable,
  t,
  setStale,
  onSaved,
}: {
  methods: UseFormReturn<Values>;
  onFinish: (values: Values) => Promise<unknown>;
  transform?: (values: Values) => Values;
  sendable: readonly string[];
  t: TFunction;
  setStale: (stale: StaleRecord | null) => void;
  /** The saved row's id, when the answer carries it. */
  onSaved: (id?: unknown) => void;
}) {
  const [general, setGeneral] = useState('');
  /** Rows of this resource a refusal names on a field (a duplicate candidate): linked under the field. */
  const [others, setOthers] = useState<NamedRows>({});

  const submit = methods.handleSubmit(async (values) => {
    setGeneral('');
    setOthers({});
    setStale(null);
    const body = transform ? transform(values) : values;
    try {
      const saved = await onFinish(body);
      onSaved((saved as { data?: { id?: unknown } } | undefined)?.data?.id);
    } catch (error) {
      const theirs = staleRecordOf(error);
      if (theirs) return setStale(theirs);
      setGeneral(applyServerErrors(error, methods.setError, sendable, t));
      setOthers(namedRows(toHttpError(error).issues, sendable));
      const first = sendable.find((k) => methods.getFieldState(k).error);
      if (first) methods.setFocus(first);
    }
  });

  return { submit, general, others };
}
