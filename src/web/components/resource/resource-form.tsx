import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useForm as useRefineForm, type BaseRecord, type HttpError } from '@refinedev/core';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CURRENCIES } from '../../../domain/fields';
import type { FieldDecl } from '../../../domain/resource';
import { can, resourceByName } from '../../../domain/resources';
import { domainResolver, shapeOf } from './domain-resolver';
import { useAuthContext } from '../../providers/auth-context';
import { ownerAllowsWrite } from '../../../domain/resource';
import { ErrorState } from '../error-state';
import { CountryPicker } from '../form/country-picker';
import { RHFDatePicker } from '../form/rhf-date-picker';
import { RHFTextField } from '../form/rhf-text-field';
import { applyServerErrors } from '../form/server-errors';
import { toHttpError } from '../../providers/session';
import { versionOf } from '../../providers/data-provider';
import { hasReadableFiles, ResourceFiles } from './resource-files';
import { ReferencePicker, type PickerSource } from './lookup';
import { StaleRecordPanel, staleRecordOf, type StaleRecord } from './stale-record';
import { TagsInput } from './tags-input';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { rowSlug, useResource } from './use-resource';

type Values = Record<string, unknown>;

export type ResourceFormProps = {
  resource: string;
  action: 'create' | 'edit';
  id?: string;
  /** Enum values a page narrows (e.g. only an admin assigns the admin role). */
  choices?: Record<string, readonly string[]>;
  /** Fields shown but not editable (nobody changes their own role). */
  disabled?: readonly string[];
  /** Reference ids not offered (a user is not their own manager). */
  exclude?: Record<string, readonly string[]>;
  /** Fields left out of the form and of what is sent (a ticket's assignee, for who does not assign). */
  hidden?: readonly string[];
  /** Where a reference picker's options come from instead of the resource's lookup (a ticket's possible assignees). */
  sources?: Record<string, PickerSource>;
  /** The page's last word on what is sent (drop what a rule forbids). */
  transform?: (values: Values) => Values;
  /** Starting values on create that the schema has no default for (a new user is a developer). */
  presets?: Values;
  /** The page title; defaults to "New <one>" / "Edit <one>". */
  title?: ReactNode;
  /** Shown under the fields, inside the form's context (`useWatch`): what the values cost (a leave balance). */
  children?: ReactNode;
  /** Schema keys the page's `children` edit themselves (an invoice's lines): loaded, validated and sent with the rest. */
  extraFields?: readonly string[];
};

/** A field's starting value on create: the schema's default, else blank for its widget. */
function initialValue(schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } } | undefined, f: FieldDecl): unknown {
  const parsed = schema?.safeParse(undefined);
  if (parsed?.success && parsed.data !== undefined && parsed.data !== null) return parsed.data;
  if (f.type === 'refs' || f.type === 'tags') return [];
  if (f.type === 'boolean') return false;
  if (f.type === 'int' || f.type === 'decimal' || f.type === 'money' || f.type === 'ref' || f.type === 'date') return null;
  return '';
}

/**
 * The kit's form: fields from the declaration (create shows the create schema's, edit the
 * update schema's), widgets by type, the domain's schema as validation, server field errors
 * on their fields, presets from the URL (`/projects/new?customerId=…`), and a warning before
 * leaving unsaved changes.
 */
export function ResourceForm({
  resource,
  action,
  id,
  choices = {},
  disabled = [],
  exclude = {},
  hidden = [],
  sources = {},
  transform,
  presets = {},
  title,
  children,
  extraFields = [],
}: ResourceFormProps) {
  const meta = useResource(resource);
  const { decl, t, fieldLabel, valueLabel } = meta;
  const { role, user } = useAuthContext();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const isCreate = action === 'create';
  const schema = isCreate ? decl.schemas.create : decl.schemas.update;
  const shape = shapeOf(schema);
  const createShape = shapeOf(decl.schemas.create);
  const currencyFields = new Set(meta.fields.map(([, f]) => f.currencyField).filter(Boolean));
  const names = meta.fields
    .filter(([name, f]) => name in shape && f.form !== false && !f.readOnly && !currencyFields.has(name) && !hidden.includes(name))
    .map(([name]) => name);
  // Several amounts in one currency (a salary's base, allowance, …) show its picker once, beside the first.
  const currencyOwner = new Map<string, string>();
  for (const [name, f] of meta.fields)
    if (names.includes(name) && f.type === 'money' && f.currencyField && !currencyOwner.has(f.currencyField))
      currencyOwner.set(f.currencyField, name);
  const sendable = Object.keys(shape).filter((k) => names.includes(k) || currencyFields.has(k) || extraFields.includes(k));
  const returnTo = sp.get('returnTo');
  const back = returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : decl.route;

  const defaults = useMemo(() => {
    const v: Values = {};
    for (const k of sendable) v[k] = initialValue(shape[k], decl.fields[k] ?? { type: 'string' });
    if (isCreate) for (const k of sendable) if (k in presets) v[k] = presets[k];
    // Presets from the URL: a customer's page opens /projects/new?customerId=…
    if (isCreate)
      for (const k of sendable)
        if (sp.has(k)) v[k] = decl.fields[k]?.type === 'refs' || decl.fields[k]?.type === 'tags' ? sp.getAll(k) : sp.get(k);
    return v;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, action]);
  const resolver = useMemo(() => domainResolver(schema, t), [schema, t]);
  const methods = useForm<Values>({ defaultValues: defaults, resolver });
  const [general, setGeneral] = useState('');
  /** Rows of this resource a refusal names on a field (a duplicate candidate): linked under the field. */
  const [others, setOthers] = useState<Record<string, { id: string; name: string }>>({});
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

  const leave = useUnsavedChangesGuard(
    methods.formState.isDirty && !methods.formState.isSubmitSuccessful,
    t('common:warnWhenUnsavedChanges'),
  );

  const submit = methods.handleSubmit(async (values) => {
    setGeneral('');
    setOthers({});
    setStale(null);
    const body = transform ? transform(values) : values;
    try {
      await onFinish(body);
      leave();
      navigate(back);
    } catch (error) {
      const theirs = staleRecordOf(error);
      if (theirs) return setStale(theirs);
      setGeneral(applyServerErrors(error, methods.setError, sendable, t));
      setOthers(namedRows(toHttpError(error).issues, sendable));
      const first = sendable.find((k) => methods.getFieldState(k).error);
      if (first) methods.setFocus(first);
    }
  });

  const slug = rowSlug(decl);
  const heading = title ?? t(isCreate ? 'common:resource.createTitle' : 'common:resource.editTitle', { one: meta.one });

  if (!isCreate && query?.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const loading = !isCreate && !record;
  // Someone else's row (a sale on another sale's customer) opens read-only: the server would refuse the save.
  const notYours = !isCreate && !!record && !ownerAllowsWrite(decl, user ?? undefined, record);

  const widget = (name: string): ReactNode => {
    const f = decl.fields[name]!;
    const label = fieldLabel(name);
    const off = disabled.includes(name);
    // Marked as the create form marks it, also when editing: clearing it is refused either way.
    const rule = createShape[name] ?? shape[name]!;
    const required = !rule.safeParse(undefined).success && !rule.safeParse(null).success;
    switch (f.type) {
      case 'enum': {
        if (f.display === 'country')
          return (
            <Controller
              key={name}
              name={name}
              control={methods.control}
              render={({ field, fieldState: { error } }) => (
                <CountryPicker
                  name={name}
                  label={label}
                  required={required}
                  disabled={off}
                  value={(field.value as string) || null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!error}
                  helperText={error?.message}
                />
              )}
            />
          );
        const optional = shape[name]!.safeParse(null).success;
        const values = choices[name] ?? f.values ?? [];
        return (
          <RHFTextField key={name} name={name} label={label} select required={required} disabled={off}>
            {optional && (
              <MenuItem value="">
                <em>{t('common:resource.none')}</em>
              </MenuItem>
            )}
            {values.map((v) => (
              <MenuItem key={v} value={v}>
                {valueLabel(name, v)}
              </MenuItem>
            ))}
          </RHFTextField>
        );
      }
      case 'boolean':
        return (
          <Controller
            key={name}
            name={name}
            control={methods.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={off} />}
                label={label}
              />
            )}
          />
        );
      case 'date':
        return <RHFDatePicker key={name} name={name} label={label} required={required} />;
      case 'int':
      case 'decimal':
        return <RHFTextField key={name} name={name} label={label} type="number" required={required} disabled={off} />;
      case 'money':
        return (
          <Stack key={name} direction="row" spacing={1}>
            <RHFTextField name={name} label={label} type="number" required={required} disabled={off} />
            {f.currencyField && currencyOwner.get(f.currencyField) === name && (
              <RHFTextField name={f.currencyField} label={fieldLabel(f.currencyField)} select sx={{ maxWidth: 120 }} disabled={off}>
                {CURRENCIES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </RHFTextField>
            )}
          </Stack>
        );
      case 'tags':
        return (
          <Controller
            key={name}
            name={name}
            control={methods.control}
            render={({ field, fieldState: { error } }) => (
              <TagsInput
                resource={resource}
                field={name}
                label={label}
                value={(field.value as string[]) ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!error}
                helperText={error?.message}
                disabled={off}
              />
            )}
          />
        );
      case 'ref':
      case 'refs':
        return (
          <Controller
            key={name}
            name={name}
            control={methods.control}
            render={({ field, fieldState: { error } }) => {
              const picker = {
                resource: f.ref!.resource,
                label,
                onBlur: field.onBlur,
                inputRef: field.ref,
                error: !!error,
                helperText: error?.message,
                disabled: off,
                exclude: exclude[name],
                source: sources[name],
                where: f.ref!.where,
                name,
              };
              return (
                <Box>
                  {f.type === 'refs' ? (
                    <ReferencePicker {...picker} multiple value={(field.value as string[]) ?? []} onChange={field.onChange} />
                  ) : (
                    <ReferencePicker {...picker} required={required} value={(field.value as string) || null} onChange={field.onChange} />
                  )}
                  <ManageLink resource={f.ref!.resource} role={role} />
                </Box>
              );
            }}
          />
        );
      default:
        return (
          <RHFTextField
            key={name}
            name={name}
            label={label}
            required={required}
            disabled={off}
            type={f.type === 'email' ? 'email' : f.type === 'password' ? 'password' : undefined}
            autoComplete={f.type === 'password' ? 'new-password' : f.type === 'email' ? 'off' : undefined}
            multiline={f.type === 'text'}
            minRows={f.type === 'text' ? 3 : undefined}
          />
        );
    }
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {heading}
      </Typography>
      <FormProvider {...methods}>
        <Card component="form" noValidate onSubmit={submit} sx={{ p: 3 }} aria-busy={loading || formLoading} data-testid={`${slug}-form`}>
          {stale && (
            <StaleRecordPanel
              meta={meta}
              fields={names}
              loaded={loaded.current}
              yours={methods.getValues()}
              stale={stale}
              pending={methods.formState.isSubmitting}
              onReload={() => {
                editVersion(stale.current, stale.version);
                setStale(null);
              }}
              onOverwrite={() => {
                // The user has seen their version: the save goes over it (and meets any newer one).
                loaded.current = stale.current;
                ifMatch.current['If-Match'] = stale.version;
                void submit();
              }}
            />
          )}
          {notYours && (
            <Alert severity="info" sx={{ mb: 3 }} data-testid="form-not-yours">
              {t('common:resource.notYours')}
            </Alert>
          )}
          {!!general && (
            <Alert severity="error" sx={{ mb: 3 }} data-testid="form-error">
              {general}
            </Alert>
          )}
          {loading ? (
            <Stack spacing={3} data-testid="form-skeleton">
              {names.map((n) => (
                <Skeleton key={n} variant="rounded" height={56} />
              ))}
            </Stack>
          ) : (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {names.map((n) =>
                others[n] ? (
                  <Box key={n}>
                    {widget(n)}
                    <Link
                      component={RouterLink}
                      to={`${decl.route}/${others[n].id}`}
                      variant="body2"
                      dir="auto"
                      sx={{ display: 'inline-block', mt: 0.5, marginInlineStart: 1.75 }}
                      data-testid={`${n}-other-row`}
                    >
                      {t('common:resource.openOther', { name: others[n].name })}
                    </Link>
                  </Box>
                ) : (
                  widget(n)
                ),
              )}
            </Box>
          )}
          {!loading && children}
          <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button variant="outlined" color="inherit" component={RouterLink} to={back}>
              {t('common:buttons.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={methods.formState.isSubmitting}
              disabled={loading || notYours || methods.formState.isSubmitting}
              data-testid={`${slug}-form-submit`}
            >
              {isCreate ? t('common:buttons.create') : t('common:buttons.save')}
            </Button>
          </Stack>
        </Card>
      </FormProvider>
      {!isCreate && id && record && hasReadableFiles(resource, role, decl.files) && (
        <Box sx={{ mt: 3 }}>
          {/* Outside the form: a file is saved when chosen, and its change moves the version this form saves from. */}
          <ResourceFiles
            resource={resource}
            id={id}
            record={record}
            version={() => ifMatch.current['If-Match']}
            onVersion={(v) => {
              ifMatch.current['If-Match'] = v;
            }}
          />
        </Box>
      )}
    </Box>
  );
}

/** Fields whose issue names another row (params `id` and `name`), by field. */
export function namedRows(issues: unknown, fields: readonly string[]): Record<string, { id: string; name: string }> {
  const out: Record<string, { id: string; name: string }> = {};
  if (!issues || typeof issues !== 'object') return out;
  for (const [field, issue] of Object.entries(issues as Record<string, { params?: Record<string, unknown> }>)) {
    const { id, name } = issue?.params ?? {};
    if (fields.includes(field) && typeof id === 'string' && typeof name === 'string') out[field] = { id, name };
  }
  return out;
}

/** Reference lists (tech stacks), in the navigation of their keepers only, are reached from the forms that pick them too. */
function ManageLink({ resource, role }: { resource: string; role: string }) {
  const { t } = useResource(resource);
  const decl = resourceByName(resource);
  if (!decl || decl.nav === undefined || !can(role, resource, 'list')) return null;
  return (
    <Link component={RouterLink} to={decl.route} variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
      {t('common:resource.manage', { title: t(`${resource}:title`) })}
    </Link>
  );
}
