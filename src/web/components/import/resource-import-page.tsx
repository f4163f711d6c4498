import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourcePageProps } from '../../app/web-module';
import { useFormatters } from '../../i18n/format';
import { resourceUrl } from '../../providers/data-provider';
import { formatValue } from '../resource/field-value';
import { useRefLabelsByResource } from '../resource/lookup';
import { useResource } from '../resource/use-resource';
import { importApi } from './import-api';
import { ImportStepper } from './import-stepper';
import type { ImportChange, ImportPreview } from './import-types';
import { IMPORT_NAMESPACES, useImport } from './use-import';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids a preview's reference fields hold, by the resource they point to: their names are read in one lookup each. */
function refIds(fields: ReturnType<typeof useResource>['fields'], preview: ImportPreview | null): Map<string, string[]> {
  const wanted = new Map<string, string[]>();
  const refs = new Map(fields.filter(([, f]) => f.ref).map(([name, f]) => [name, f.ref!.resource]));
  for (const c of preview?.changes ?? [])
    for (const f of c.fields) {
      const to = refs.get(f.field);
      if (!to) continue;
      for (const v of [f.old, f.new]) if (v && UUID.test(v)) wanted.set(to, [...(wanted.get(to) ?? []), v]);
    }
  return wanted;
}

/**
 * `<resource route>/import`: the kit's stepper for any resource that declares an import. The
 * sheet's columns and the preview's fields are named in the resource's own words, their values
 * read as its list shows them (an enum's label, an amount in its currency, a person's name).
 */
export function ResourceImportPage({ resource }: ResourcePageProps) {
  const meta = useResource(resource);
  const { t } = useTranslation([resource, ...IMPORT_NAMESPACES]);
  const fmt = useFormatters();
  const api = useMemo(() => importApi(resourceUrl(resource), resource), [resource]);
  const imp = useImport({ api, resource });
  const labelsOf = useRefLabelsByResource(refIds(meta.fields, imp.preview));
  const { decl } = meta;

  const columnLabel = (column: string) => (decl.fields[column] ? meta.fieldLabel(column) : column);
  const valueText = (field: string, value: string | null, change: ImportChange) => {
    const f = decl.fields[field];
    if (value === null || value === '') return '—';
    if (!f) return value;
    if (f.ref) return labelsOf(f.ref.resource).get(value) ?? value;
    // A money amount reads in the currency the row will have.
    const currency = f.currencyField && change.fields.find((x) => x.field === f.currencyField);
    const record: Record<string, unknown> = {
      [field]: f.type === 'boolean' ? value === 'true' : value,
      ...(f.currencyField && currency ? { [f.currencyField]: currency.new ?? currency.old } : {}),
    };
    return formatValue(meta, fmt, field, f, record) || value;
  };

  return (
    <ImportStepper
      imp={imp}
      title={t('common:import.title', { title: meta.title })}
      fileHint={t('common:import.fileHint')}
      columnLabel={columnLabel}
      fieldLabel={meta.fieldLabel}
      valueText={valueText}
      recordHeader={meta.fieldLabel(decl.recordTitle)}
      confirmMessage={(p) => t('common:import.executeConfirm', { create: p.counts.create, update: p.counts.update })}
      done={() => ({ see: { to: decl.route, label: t('common:import.seeList', { title: meta.title }) } })}
      download={api.downloadImported}
    />
  );
}
