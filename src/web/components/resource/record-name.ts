import { titleFields, type FieldDecl } from '../../../domain/resource';
import type { Formatters } from '../../i18n/format';
import { formatValue } from './field-value';
import { refLabelSource, useRefLabelsByResource } from './lookup';
import type { ResourceMeta } from './use-resource';

type Row = Record<string, unknown>;
/** The labels of a resource's rows (or of a label source), as the list's lookups give them. */
export type LabelsOf = (source: string) => Map<string, string>;

/** One field as a sentence reads it: a reference by its row's name, a month in words ("November 2026"), else as the list shows it. */
export function fieldText(meta: ResourceMeta, fmt: Formatters, labelsOf: LabelsOf, name: string, f: FieldDecl, row: Row): string {
  const v = row[name];
  if (f.ref && (f.type === 'ref' || f.type === 'refs')) {
    const labels = labelsOf(refLabelSource(meta.decl, f)!);
    return (Array.isArray(v) ? (v as string[]) : v ? [String(v)] : []).map((id) => labels.get(id) ?? '…').join(', ');
  }
  if (f.display === 'month' && typeof v === 'string') return fmt.month(v, 'long');
  return formatValue(meta, fmt, name, f, row);
}

/**
 * A row's name: its declared title fields (`card.title`, else the record title), joined — a salary
 * is "Nguyễn Văn A · November 2026", not "2026-11" — on its card, its page and its confirmations.
 */
export function recordName(meta: ResourceMeta, fmt: Formatters, labelsOf: LabelsOf, row: Row): string {
  return titleFields(meta.decl)
    .map((name) => fieldText(meta, fmt, labelsOf, name, meta.decl.fields[name]!, row))
    .filter(Boolean)
    .join(' · ');
}

/**
 * Every field of a row as a sentence reads it, by field name: the values a resource's own
 * confirmation interpolates ("Approve {{userId}}'s salary for {{month}} — net {{net}}?").
 */
export function recordParams(meta: ResourceMeta, fmt: Formatters, labelsOf: LabelsOf, row: Row): Record<string, string> {
  return Object.fromEntries(meta.fields.map(([name, f]) => [name, fieldText(meta, fmt, labelsOf, name, f, row)]));
}

/** The labels a row's name needs (its title's references), for rows not in a list: one lookup per referenced resource. */
export function useTitleLabels(meta: ResourceMeta, rows: readonly Row[]): LabelsOf {
  const wanted = new Map<string, string[]>();
  for (const name of titleFields(meta.decl)) {
    const f = meta.decl.fields[name];
    if (!f?.ref || (f.type !== 'ref' && f.type !== 'refs')) continue;
    const source = refLabelSource(meta.decl, f)!;
    const ids = rows.flatMap((r) => (Array.isArray(r[name]) ? (r[name] as string[]) : r[name] ? [String(r[name])] : []));
    wanted.set(source, [...(wanted.get(source) ?? []), ...ids]);
  }
  return useRefLabelsByResource(wanted);
}
