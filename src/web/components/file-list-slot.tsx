import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { acceptOf, type FileKind } from '../../domain/file-slots';
import type { ManyFileRef } from '../../domain/fields';
import { errorText } from '../i18n/error-text';
import { useFormatters } from '../i18n/format';
import { http } from '../providers/http';
import { toast } from '../toast';
import { downloadFile } from './download';
import { fileSize } from './file-slot';
import { ConfirmDialog } from './resource/confirm-dialog';

type Duplicate = { id: string; label: string };
type Listed = ManyFileRef & { duplicates: Duplicate[] };

export interface FileListSlotProps {
  /** The server's slot of several files: GET lists, POST adds one, `/:fileId` downloads or deletes one. */
  url: string;
  /** What one file is, translated ('Vendor invoice'). */
  label: string;
  types: readonly FileKind[];
  maxBytes?: number;
  mayEdit: boolean;
  /** Where another record holding the same file opens (`/external-costs/:id`). */
  recordPath: (id: string) => string;
  version?: () => string | undefined;
  onChanged: (version?: string) => Promise<unknown> | void;
  testId?: string;
}

/**
 * A list of files kept on a row (decision 012, `many`): each with its download and its delete (after
 * a confirmation), an add button with progress, and a flag on a file whose content is already on
 * another record, linking to it.
 */
export function FileListSlot(props: FileListSlotProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const qc = useQueryClient();
  const { url, label, mayEdit, testId = 'file-list' } = props;
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState<Listed | null>(null);
  const list = useQuery({ queryKey: ['file-list', url], queryFn: async () => (await http.get<{ data: Listed[] }>(url)).data.data });
  const ifMatch = (): Record<string, string> => {
    const v = props.version?.();
    return v ? { 'If-Match': v } : {};
  };
  const changed = async (version?: string) => {
    await qc.invalidateQueries({ queryKey: ['file-list', url] });
    await props.onChanged(version);
  };
  const refused = async (e: unknown) => {
    if (isAxiosError(e) && e.response?.status === 412) await changed();
  };
  const add = useMutation({
    mutationFn: async (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen, chosen.name);
      setProgress(undefined);
      return http.post<Listed>(url, form, {
        headers: { 'Content-Type': 'multipart/form-data', ...ifMatch() },
        onUploadProgress: (e) => setProgress(e.total ? Math.round((e.loaded / e.total) * 100) : undefined),
      });
    },
    onMutate: () => setError(''),
    onSuccess: async (res) => {
      if (res.data.duplicates.length) toast.warning(t('common:files.sameFileElsewhere', { count: res.data.duplicates.length }));
      else toast.success(t('common:files.uploadedOk'));
      await changed(res.headers.etag as string | undefined);
    },
    onError: async (e) => {
      setError(errorText(t, e));
      await refused(e);
    },
  });
  const remove = useMutation({
    mutationFn: (file: Listed) => http.delete(`${url}/${file.fileId}`, { headers: ifMatch() }),
    onSuccess: async (res) => {
      toast.success(t('common:files.deletedOk'));
      setConfirm(null);
      await changed(res.headers.etag as string | undefined);
    },
    onError: async (e) => {
      toast.error(errorText(t, e));
      setConfirm(null);
      await refused(e);
    },
  });
  const download = async (file: Listed) => {
    try {
      await downloadFile(`${url}/${file.fileId}`, { name: file.name, fallbackName: 'file' });
    } catch (e) {
      toast.error(errorText(t, e));
    }
  };
  const names = new Intl.ListFormat(fmt.locale, { type: 'disjunction' }).format(props.types.map((k) => k.toUpperCase()));
  const files = list.data ?? [];

  return (
    <Card sx={{ p: 3, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {list.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : files.length === 0 ? (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('common:files.none')}</Typography>
      ) : (
        <List disablePadding sx={{ mb: 2 }} data-testid={`${testId}-items`}>
          {files.map((f) => (
            <ListItem key={f.fileId} disableGutters divider sx={{ display: 'block' }} data-testid={`${testId}-item`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography dir="auto" sx={{ wordBreak: 'break-word' }}>
                    {f.name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('common:files.uploaded', { at: fmt.dateTime(f.uploadedAt), size: fileSize(f.size, fmt) })}
                  </Typography>
                </Box>
                <Tooltip title={t('common:files.download')}>
                  <IconButton aria-label={`${t('common:files.download')}: ${f.name}`} onClick={() => void download(f)}>
                    <DownloadIcon />
                  </IconButton>
                </Tooltip>
                {mayEdit && (
                  <Tooltip title={t('common:files.delete')}>
                    <IconButton color="error" aria-label={`${t('common:files.delete')}: ${f.name}`} onClick={() => setConfirm(f)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              {f.duplicates.length > 0 && (
                <Alert severity="warning" sx={{ mt: 1 }} data-testid={`${testId}-duplicate`}>
                  {t('common:files.sameFileOn')}{' '}
                  {f.duplicates.map((d, i) => (
                    <span key={d.id}>
                      {i > 0 && ', '}
                      <Link component={RouterLink} to={props.recordPath(d.id)} dir="auto">
                        {d.label}
                      </Link>
                    </span>
                  ))}
                </Alert>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {!!error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
          {error}
        </Alert>
      )}
      {mayEdit && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptOf(props.types)}
            aria-label={`${t('common:files.add')}: ${label}`}
            data-testid={`${testId}-input`}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) add.mutate(chosen);
            }}
          />
          <Button variant="contained" startIcon={<UploadIcon />} loading={add.isPending} onClick={() => input.current?.click()}>
            {t('common:files.add')}
          </Button>
        </>
      )}
      {add.isPending && (
        <LinearProgress
          variant={progress === undefined ? 'indeterminate' : 'determinate'}
          value={progress}
          aria-label={t('common:files.uploading')}
          sx={{ mt: 1 }}
        />
      )}
      <Typography variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
        {props.maxBytes ? t('common:files.acceptUpTo', { types: names, size: fileSize(props.maxBytes, fmt) }) : names}
      </Typography>
      <ConfirmDialog
        open={!!confirm}
        title={t('common:files.deleteTitle', { what: label })}
        message={t('common:files.deleteMessage', { name: confirm?.name ?? '' })}
        confirmText={t('common:files.delete')}
        pending={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && remove.mutate(confirm)}
        testId={`${testId}-confirm-delete`}
      />
    </Card>
  );
}
