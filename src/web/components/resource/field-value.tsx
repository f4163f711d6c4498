import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { FieldDecl } from '../../../domain/resource';
import { resourceByName } from '../../../domain/resources';
import { useFormatters } from '../../i18n/format';
import type { ResourceMeta } from './use-resource';
import { refLabelSource, useRefLabels } from './lookup';
import { TagChips } from './tags-input';

type Formatters = ReturnType<typeof useFormatters>;

/** A value as text, by its field's type (what the list's cells and the detail page show). */
export function formatValue(meta: ResourceMeta, fmt: Formatters, name: string, f: FieldDecl, record: Record<string, unknown>): string {
  const v = record[name];
  if (v === null || v === undefined || v === '') return '';
  if (f.display === 'year') return fmt.year(v as number);
  if (f.display === 'month') return fmt.month(String(v));
  if (f.display === 'country') return fmt.country(String(v));
  switch (f.type) {
    case 'enum':
      return meta.valueLabel(name, v);
    case 'date':
      return fmt.date(v as string);
    case 'datetime':
      return fmt.dateTime(v as string);
    case 'int':
    case 'decimal':
      return fmt.number(v as number);
    case 'money':
      return fmt.money(v as number, (f.currencyField && (record[f.currencyField] as string)) || 'USD');
    case 'boolean':
      return meta.t(v ? 'common:yes' : 'common:no');
    case 'tags':
      return (v as string[]).map((tag) => `#${tag}`).join(' ');
    default:
      return String(v);
  }
}

/** An enum's chip in its declared colour: coloured border and dot, label in the text colour. */
export function StatusChip({ label, color }: { label: string; color: NonNullable<FieldDecl['colors']>[string] }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={<Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'currentColor', ml: '8px !important' }} />}
      label={label}
      title={label}
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}

/** A reference as a link to its detail page (plain text when the role may not open it). */
export function RefLink(props: { resource: string; id: string; label?: string; canShow: boolean; ellipsis?: boolean }) {
  const { resource, id, label, canShow, ellipsis } = props;
  const decl = resourceByName(resource);
  const text = label ?? '…';
  // A name keeps its own direction inside right-to-left text (isolated, as <bdi>).
  const sx = {
    unicodeBidi: 'isolate',
    ...(ellipsis && { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  } as const;
  if (!decl || !canShow)
    return (
      <Box component="span" dir="auto" title={ellipsis ? text : undefined} sx={sx}>
        {text}
      </Box>
    );
  return (
    <Link
      component={RouterLink}
      to={`${decl.route}/${id}`}
      onClick={(e) => e.stopPropagation()}
      dir="auto"
      title={ellipsis ? text : undefined}
      sx={sx}
    >
      {text}
    </Link>
  );
}

/** One field of one record, for the detail page: chips, links and formats. */
export function FieldValue(props: {
  meta: ResourceMeta;
  name: string;
  f: FieldDecl;
  record: Record<string, unknown>;
  canShow: (resource: string) => boolean;
}) {
  const { meta, name, f, record, canShow } = props;
  const fmt = useFormatters();
  const { t } = useTranslation();
  const raw = record[name];
  const ids = f.type === 'ref' ? [raw as string] : f.type === 'refs' ? ((raw as string[]) ?? []) : [];
  const labels = useRefLabels(refLabelSource(meta.decl, f), ids);
  if (f.ref && (f.type === 'ref' || f.type === 'refs')) {
    if (!ids.filter(Boolean).length) return <span>{t('common:resource.none')}</span>;
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {ids.map((id) => (
          <RefLink key={id} resource={f.ref!.resource} id={id} label={labels.get(id)} canShow={canShow(f.ref!.resource)} />
        ))}
      </Stack>
    );
  }
  if (f.type === 'tags') {
    const tags = (raw as string[] | null) ?? [];
    return tags.length ? <TagChips tags={tags} /> : <span>—</span>;
  }
  const text = formatValue(meta, fmt, name, f, record);
  if (f.type === 'enum' && f.colors && text) return <StatusChip label={text} color={f.colors[String(raw)] ?? 'default'} />;
  return <span dir="auto">{text || '—'}</span>;
}
