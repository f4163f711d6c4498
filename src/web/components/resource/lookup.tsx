import { useMemo, useState, type HTMLAttributes, type Ref } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { http } from '../../providers/http';
import type { FieldDecl, ResourceDecl } from '../../../domain/resource';
import { resourceUrl } from '../../providers/data-provider';
import { rankMatches } from './rank-matches';
import { useDebounced } from '../use-debounced';

/** A row a picker offers; `detail` (an e-mail, a phone) tells namesakes apart under the label. */
export type LookupRow = { id: string; label: string; detail?: string };

/** Where labels are read: a resource's `lookup`, or an API path of its own (`/api/v1/tickets/people`). */
const lookupUrl = (source: string) => (source.startsWith('/') ? source : `${resourceUrl(source)}/lookup`);

async function lookup(source: string, params: Record<string, unknown>): Promise<LookupRow[]> {
  const { data } = await http.get<LookupRow[]>(lookupUrl(source), { params });
  return data;
}

/** Where the labels of a reference field of `decl` are read: its own `labels` path when it declares one, else the referenced resource's lookup. */
export function refLabelSource(decl: Pick<ResourceDecl, 'name'>, f: FieldDecl): string | undefined {
  if (!f.ref) return undefined;
  return f.ref.labels ? `${resourceUrl(decl.name)}/${f.ref.labels}` : f.ref.resource;
}

/** Labels of the given ids of a resource (or label source): one `GET …/lookup?id=…&id=…` for all of them. */
export function useRefLabels(resource: string | undefined, ids: readonly (string | null | undefined)[]): Map<string, string> {
  const wanted = new Map(resource ? [[resource, ids.filter((v): v is string => !!v)]] : []);
  return useRefLabelsByResource(wanted)(resource ?? '');
}

/** Labels for ids of several resources (a list page's references): one lookup per resource. */
export function useRefLabelsByResource(wanted: Map<string, string[]>): (resource: string) => Map<string, string> {
  const entries = Array.from(wanted.entries()).map(([r, ids]) => [r, Array.from(new Set(ids.filter(Boolean))).sort()] as const);
  const results = useQueries({
    queries: entries.map(([resource, ids]) => ({
      queryKey: ['lookup', resource, 'ids', ids],
      queryFn: () => lookup(resource, { id: ids, limit: ids.length }),
      enabled: ids.length > 0,
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    })),
  });
  const maps = new Map(entries.map(([r], i) => [r, new Map((results[i]?.data ?? []).map((row) => [row.id, row.label]))]));
  return (resource) => maps.get(resource) ?? new Map();
}

/** Options of a picker from elsewhere than the resource's `lookup`: a query key and a search. */
export type PickerSource = { key: readonly unknown[]; search: (q: string | undefined) => Promise<LookupRow[]> };

type PickerProps = {
  resource: string;
  label: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  /** Ids never offered (a user is not their own manager). */
  exclude?: readonly string[];
  /** Where options come from instead of the resource's `lookup` (a job's candidates not yet in its pipeline). */
  source?: PickerSource;
  /** Only rows whose enum fields hold these values (a reference's declared `where`: sales only). */
  where?: Readonly<Record<string, readonly string[]>>;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  size?: 'small' | 'medium';
  name?: string;
} & (
  | { multiple?: false; value: string | null; onChange: (id: string | null) => void }
  | { multiple: true; value: string[]; onChange: (ids: string[]) => void }
);

/**
 * A reference picker: searches the server as one types (`lookup?q=`) and shows the label of
 * its current value(s) (`lookup?id=`), whatever page of results the value is on.
 */
export function ReferencePicker(props: PickerProps) {
  const { resource, label, exclude = [], multiple } = props;
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(input);
  const selectedIds = multiple ? props.value : props.value ? [props.value] : [];
  const labels = useRefLabels(resource, selectedIds);
  const { source } = props;
  const {
    data: found = [],
    isFetching,
    isPlaceholderData,
  } = useQuery({
    queryKey: source ? [...source.key, q] : ['lookup', resource, 'q', q, props.where ?? {}],
    queryFn: () => (source ? source.search(q || undefined) : lookup(resource, { ...props.where, q: q || undefined, limit: 20 })),
    enabled: open,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const toRow = (id: string): LookupRow => ({ id, label: labels.get(id) ?? found.find((r) => r.id === id)?.label ?? '' });
  // One object while the value and its label stay: the field shows a value's label anew only
  // when it changes, not on every render (which would wipe what was typed and left unpicked).
  const singleId = multiple ? null : props.value;
  const singleLabel = singleId ? toRow(singleId).label : '';
  const single = useMemo(() => (singleId ? { id: singleId, label: singleLabel } : null), [singleId, singleLabel]);
  // Best matches first; while the answer shown is for earlier letters, only what matches the
  // letters typed now, so that Enter (which picks the first) never picks a stale row.
  const stale = isPlaceholderData || q !== input;
  const options = rankMatches(
    found.filter((r) => !exclude.includes(r.id)),
    input,
    stale,
  );
  const common = {
    options,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    loading: isFetching,
    disabled: props.disabled,
    size: props.size,
    filterOptions: (o: LookupRow[]) => o, // the server already searched
    // The input is the user's: picking, leaving the field or new results never rewrite it
    // (for one value, it shows the value picked).
    inputValue: input,
    clearOnBlur: false,
    autoHighlight: true,
    getOptionLabel: (o: LookupRow) => o.label,
    renderOption: (liProps: HTMLAttributes<HTMLLIElement> & { key?: string }, o: LookupRow) => {
      const { key, ...rest } = liProps;
      return (
        <li key={key ?? o.id} {...rest}>
          <Box sx={{ minWidth: 0 }}>
            <Box dir="auto">{o.label}</Box>
            {o.detail && (
              <Typography variant="caption" component="div" dir="auto" sx={{ color: 'text.secondary' }}>
                {o.detail}
              </Typography>
            )}
          </Box>
        </li>
      );
    },
    isOptionEqualToValue: (a: LookupRow, b: LookupRow) => a.id === b.id,
    onInputChange: (_: unknown, v: string, reason: string) => {
      if (reason === 'input' || reason === 'clear') setInput(v);
      else if (reason === 'selectOption' || reason === 'removeOption') setInput(multiple ? '' : v);
      else if (reason === 'reset' && !multiple && !open) setInput(v);
    },
    noOptionsText: t('common:resource.noOptions'),
    loadingText: t('common:loading'),
    renderInput: (params: object) => (
      <TextField
        {...params}
        name={props.name}
        label={label}
        required={props.required}
        error={props.error}
        helperText={props.helperText}
        inputRef={props.inputRef}
        onBlur={props.onBlur}
      />
    ),
  };
  if (props.multiple) {
    return (
      <Autocomplete
        {...common}
        multiple
        value={props.value.map(toRow)}
        onChange={(_, rows) => props.onChange(rows.map((r) => r.id))}
        // A value whose label is still on its way says so: an empty chip is a button without a name.
        renderTags={(rows, getTagProps) =>
          rows.map((r, index) => <Chip size="small" label={r.label || t('common:loading')} {...getTagProps({ index })} key={r.id} />)
        }
      />
    );
  }
  return <Autocomplete {...common} value={single} onChange={(_, row) => props.onChange(row?.id ?? null)} />;
}
