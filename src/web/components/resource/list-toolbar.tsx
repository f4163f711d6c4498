import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { errorText } from '../../i18n/error-text';
import type { Formatters } from '../../i18n/format';
import { toast, useToastAvoidance } from '../../toast';
import { downloadExport } from './export';
import { exportQuery, type ListState } from './list-params';
import type { ResourceMeta } from './use-resource';

/** The list's title, its saved views, its export menu (xlsx, csv, raw for re-import), its Import and its New button. */
export function ListToolbar({
  meta,
  resource,
  state,
  fixed,
  embedded,
  fmt,
  canExport,
  importHref,
  createHref,
  views,
}: {
  meta: ResourceMeta;
  resource: string;
  state: ListState;
  fixed: Record<string, string>;
  embedded: boolean;
  fmt: Formatters;
  canExport: boolean;
  /** The import stepper's address; none when the resource has no import or the user may not import. */
  importHref?: string;
  /** The New button's address; none when the user may not create here. */
  createHref?: () => string;
  /** The saved views' menu (a page's list; an embedded one keeps no address to write). */
  views?: ReactNode;
}) {
  const { t } = meta;
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const actionsRef = useToastAvoidance();

  /** The screen's column and value labels in the user's language; left out for a file to re-import (raw keys). */
  const exportLabels = () => {
    const columns: Record<string, string> = {};
    const values: Record<string, Record<string, string>> = {};
    for (const [name, f] of meta.fields) {
      columns[name] = meta.fieldLabel(name);
      // Countries the server names itself, in the screen's locale: their 249 names would not fit an address.
      if (f.type === 'enum' && f.values && f.display !== 'country')
        values[name] = Object.fromEntries(f.values.map((v) => [v, meta.valueLabel(name, v)]));
    }
    return JSON.stringify({ columns, values, locale: fmt.locale });
  };
  const doExport = async (format: 'xlsx' | 'csv', forReimport = false) => {
    setExportAnchor(null);
    setExporting(true);
    try {
      const query = exportQuery(state, format, fixed);
      if (!forReimport) query.set('labels', exportLabels());
      await downloadExport(resource, query);
    } catch (error) {
      toast.error(errorText(t, error));
    } finally {
      setExporting(false);
    }
  };

  const Heading = embedded ? 'h2' : 'h1';
  return (
    <Stack direction="row" sx={{ mb: embedded ? 1.5 : 3, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant={embedded ? 'h6' : 'h4'} component={Heading}>
        {meta.title}
      </Typography>
      <Stack ref={actionsRef} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {views}
        {canExport && (
          <>
            <Button
              color="inherit"
              variant="outlined"
              startIcon={<DownloadIcon />}
              loading={exporting}
              onClick={(e) => setExportAnchor(e.currentTarget)}
              aria-haspopup="menu"
            >
              {t('common:resource.export')}
            </Button>
            <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
              <MenuItem onClick={() => void doExport('xlsx')}>{t('common:resource.exportXlsx')}</MenuItem>
              <MenuItem onClick={() => void doExport('csv')}>{t('common:resource.exportCsv')}</MenuItem>
              <MenuItem onClick={() => void doExport('xlsx', true)}>{t('common:resource.exportRaw')}</MenuItem>
            </Menu>
          </>
        )}
        {importHref && (
          <Button
            color="inherit"
            variant="outlined"
            component={RouterLink}
            to={importHref}
            startIcon={<UploadIcon />}
            data-testid="list-import"
          >
            {t('common:resource.import')}
          </Button>
        )}
        {createHref && (
          <Button component={RouterLink} to={createHref()} variant="contained" startIcon={<AddIcon />}>
            {t('common:resource.new', { one: meta.one })}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
