import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useForm as useRefineForm, type BaseRecord, type HttpError } from '@refinedev/core';
import { versionOf } from '../../providers/data-provider';
import type { StaleRecord } from './stale-record';
import type { ResourceMeta } from './use-resource';

type Values = Record<string, unknown>;

/**
 * The record a form edits, by version: Refine's form (load and save), the record as loaded (a
 * refusal is compared against it), the version a save sends (If-Match), and someone else's newer
 * version when a save met it — reloaded into the form, or saved over.
 */
export function useRecordVersion({
  resource,
  action,
  id,
  meta,
  methods,
  sendable,
  defaults,
}: {
  resource: string;
  action: 'create' | 'edit';
  id?: string;
  meta: ResourceMeta;
  methods: UseFormReturn<Values>;
  sendable: readonly string[];
  defaults: Values;
}) {
  const { t } = meta;
  const isCreate = action === 'create';
  /** The record the user is editing, as loaded: a save sends its version (If-Match), and a refusal compares against it. */
  const loaded = useRef<Values>({});
  // One headers object handed to Refine's update: it is read when the request is sent, so the
  // version set here just before a save (or a deliberate save over theirs) is the one that goes.
  const ifMatch = useRef<Record<string, string>>({});
  const [stale, setStale] = useState<StaleRecord | null>(null);

  const { onFinish, query, formLoading } = useRefineForm<BaseRecord, HttpError, Values>({
    resource,
    action,
    id,
    redirect: false,
    liveMode: 'off',
    successNotification: () => ({
      type: 'success',
      message: t(isCreate ? 'common:notifications.createSuccess' : 'common:notifications.editSuccess', { resource: meta.one }),
    }),
    errorNotification: false,
    mutationMeta: { headers: ifMatch.current },
  });
  const record = query?.data?.data as Values | undefined;
  const version = versionOf(query?.data);

  /** Starts editing this version of the record: its values in the form, its version sent with the save. */
  function editVersion(r: Values, v: string | undefined) {
    const values: Values = {};
    for (const k of sendable) values[k] = r[k] ?? defaults[k];
    loaded.current = r;
    if (v) ifMatch.current['If-Match'] = v;
    else delete ifMatch.current['If-Match'];
    methods.reset(values);
  }
  useEffect(() => {
    // A refetch while the user types never replaces their input: the save then meets the newer version.
    if (record && !methods.formState.isDirty) editVersion(record, version);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  return {
    onFinish,
    query,
    formLoading,
    record,
    loaded,
    stale,
    setStale,
    /** Their version replaces the user's input. */
    reloadTheirs: (theirs: StaleRecord) => {
      editVersion(theirs.current, theirs.version);
      setStale(null);
    },
    /** The user has seen their version: the next save goes over it (and meets any newer one). */
    saveOverTheirs: (theirs: StaleRecord) => {
      loaded.current = theirs.current;
      ifMatch.current['If-Match'] = theirs.version;
    },
    /** The version a save sends now; a file saved beside the form moves it. */
    currentVersion: () => ifMatch.current['If-Match'],
    setVersion: (v: string) => {
      ifMatch.current['If-Match'] = v;
    },
  };
}
