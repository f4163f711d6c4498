import { useMemo, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ownerAllowsWrite } from '../../../domain/resource';
import { useAuthContext } from '../../providers/auth-context';
import { ErrorState } from '../error-state';
import { domainResolver } from './domain-resolver';
import type { WidgetSetup } from './field-props';
import { formDefaults } from './form-defaults';
import { FormFieldsGrid } from './form-fields-grid';
import { planFields } from './form-field-plan';
import { NamedRowsContext } from './other-row-link';
import type { PickerSource } from './lookup';
import { hasReadableFiles, ResourceFiles } from './resource-files';
import { StaleRecordPanel } from './stale-record';
import { useFormSubmit } from './use-form-submit';
import { useRecordVersion } from './use-record-version';
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
  /** Where a save leads when no `returnTo` says: the list (default), or the saved record's page (an invoice to send next). */
  savedTo?: 'list' | 'record';
};

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
  savedTo = 'list',
}: ResourceFormProps) {
  const meta = useResource(resource);
  const { decl, t } = meta;
  const { role, user } = useAuthContext();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const isCreate = action === 'create';
  const plan = planFields(decl, meta.fields, isCreate, hidden, extraFields);
  const { names, sendable } = plan;
  const returnTo = sp.get('returnTo');
  const given = returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : undefined;
  const back = given ?? decl.route;

  // Once per resource and action: the form's starting values stay put while the page re-renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaults = useMemo(() => formDefaults(decl, plan, isCreate, presets, sp), [resource, action]);
  const resolver = useMemo(() => domainResolver(plan.schema, t), [plan.schema, t]);
  const methods = useForm<Values>({ defaultValues: defaults, resolver });
  const edit = useRecordVersion({ resource, action, id, meta, methods, sendable, defaults });
  const { record, query, stale } = edit;

  const leave = useUnsavedChangesGuard(
    methods.formState.isDirty && !methods.formState.isSubmitSuccessful,
    t('common:warnWhenUnsavedChanges'),
  );
  const { submit, general, others } = useFormSubmit({
    methods,
    onFinish: edit.onFinish,
    transform,
    sendable,
    t,
    setStale: edit.setStale,
    onSaved: (savedId) => {
      leave();
      const rowId = savedId ?? id;
      navigate(!given && savedTo === 'record' && rowId ? `${decl.route}/${String(rowId)}` : back);
    },
  });

  const slug = rowSlug(decl);
  const heading = title ?? t(isCreate ? 'common:resource.createTitle' : 'common:resource.editTitle', { one: meta.one });

  if (!isCreate && query?.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const loading = !isCreate && !record;
  // Someone else's row (a sale on another sale's customer) opens read-only: the server would refuse the save.
  const notYours = !isCreate && !!record && !ownerAllowsWrite(decl, user ?? undefined, record);
  const setup: WidgetSetup = { resource, meta, plan, control: methods.control, role, choices, disabled, exclude, sources };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {heading}
      </Typography>
      <FormProvider {...methods}>
        <Card
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ p: 3 }}
          aria-busy={loading || edit.formLoading}
          data-testid={`${slug}-form`}
        >
          {stale && (
            <StaleRecordPanel
              meta={meta}
              fields={names}
              loaded={edit.loaded.current}
              yours={methods.getValues()}
              stale={stale}
              pending={methods.formState.isSubmitting}
              onReload={() => edit.reloadTheirs(stale)}
              onOverwrite={() => {
                edit.saveOverTheirs(stale);
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
          <FormFieldsGrid names={names} loading={loading} others={others} route={decl.route} setup={setup} t={t} />
          {!loading && <NamedRowsContext.Provider value={others}>{children}</NamedRowsContext.Provider>}
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
          <ResourceFiles resource={resource} id={id} record={record} version={edit.currentVersion} onVersion={edit.setVersion} />
        </Box>
      )}
    </Box>
  );
}
