import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { acceptOf, type FileKind } from '../../domain/file-slots';
import type { StoredFileRef } from '../../domain/fields';
import { errorText } from '../i18n/error-text';
import { useFormatters, type Formatters } from '../i18n/format';
import { http } from '../providers/http';
import { toast } from '../toast';
import { downloadFile } from './download';
import { ConfirmDialog } from './resource/confirm-dialog';

export function fileSize(bytes: number, fmt: Formatters): string {
  return bytes >= 1024 * 1024
    ? fmt.number(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
    : fmt.number(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });
}

/** Texts a place may word its own way (the pipeline's "Upload the CV sent"); the kit's otherwise. */
type Texts = Partial<Record<'none' | 'upload' | 'delete' | 'deleteTitle' | 'deleteMessage' | 'uploadedOk' | 'deletedOk', string>>;

export interface FileSlotProps {
  /** Where the server's file slot is: PUT replaces, GET downloads, DELETE removes. */
  url: string;
  file: StoredFileRef | null;
  /** What the file is, translated ('CV'). */
  label: string;
  types: readonly FileKind[];
  maxBytes?: number;
  mayEdit: boolean;
  /** The row's version as the page loaded it, read when a change is sent (`If-Match`). */
  version?: () => string | undefined;
  /** After a change (or a refusal because the row changed): the row's new version when the server gave it; the caller reads the row again. */
  onChanged: (version?: string) => Promise<unknown> | void;
  /** A card on a record's page, or one line in a table's cell. */
  variant?: 'card' | 'inline';
  testId?: string;
  texts?: Texts;
}

/**
 * One file kept on a row, as the server's file slot serves it: upload (replaces, with its
 * progress), download, a preview where the browser shows the type (PDF, images), and delete
 * after a confirmation.
 */
export function FileSlot(props: FileSlotProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { file, label, mayEdit, variant = 'card', testId = 'file-slot' } = props;
  const text = (key: keyof Texts, params: Record<string, string> = {}) => props.texts?.[key] ?? t(`common:files.${key}`, params);
  const [confirm, setConfirm] = useState(false);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState('');
  const slot = useFileSlot(props, {
    onStart: () => setError(''),
    onUploadError: (message) => (variant === 'card' ? setError(message) : toast.error(message)),
    onDone: () => {
      setPreview(false);
      setConfirm(false);
    },
    uploadedText: text('uploadedOk'),
    deletedText: text('deletedOk'),
  });
  const accept = useAcceptText(props.types, props.maxBytes);
  const previewable = !!file && (file.mime === 'application/pdf' || file.mime.startsWith('image/'));
  const input = <input {...slot.inputProps} aria-label={props.texts?.upload ?? label} data-testid={`${testId}-input`} />;
  const progress = slot.upload.isPending && (
    <LinearProgress
      variant={slot.progress === undefined ? 'indeterminate' : 'determinate'}
      value={slot.progress}
      aria-label={t('common:files.uploading')}
      sx={{ mt: 1 }}
      data-testid={`${testId}-progress`}
    />
  );
  const dialog = (
    <ConfirmDialog
      open={confirm}
      title={text('deleteTitle', { what: label })}
      message={text('deleteMessage', { name: file?.name ?? '' })}
      confirmText={text('delete')}
      pending={slot.remove.isPending}
      onCancel={() => setConfirm(false)}
      onConfirm={() => slot.remove.mutate(undefined, { onSettled: () => setConfirm(false) })}
      testId={`${testId}-confirm-delete`}
    />
  );

  if (variant === 'inline')
    return (
      <Box data-testid={testId}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {file ? (
            <Button size="small" startIcon={<DownloadIcon />} onClick={() => void slot.download(file.name)} sx={{ maxWidth: 220 }}>
              <Box component="span" dir="auto" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {file.name}
              </Box>
            </Button>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {text('none')}
            </Typography>
          )}
          {mayEdit && (
            <>
              {input}
              <Tooltip title={text('upload')}>
                <IconButton size="small" aria-label={`${text('upload')}: ${label}`} onClick={slot.pick} disabled={slot.upload.isPending}>
                  <UploadIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {file && (
                <Tooltip title={text('delete')}>
                  <IconButton size="small" color="error" aria-label={`${text('delete')}: ${label}`} onClick={() => setConfirm(true)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </>
          )}
        </Stack>
        {progress}
        {dialog}
      </Box>
    );

  return (
    <Card sx={{ p: 3, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {file ? (
        <Box sx={{ mb: 2 }}>
          <Typography dir="auto" sx={{ wordBreak: 'break-word' }} data-testid={`${testId}-name`}>
            {file.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('common:files.uploaded', { at: fmt.dateTime(file.uploadedAt), size: fileSize(file.size, fmt) })}
          </Typography>
        </Box>
      ) : (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{text('none')}</Typography>
      )}
      {!!error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mayEdit && (
          <>
            {input}
            <Button variant="contained" startIcon={<UploadIcon />} loading={slot.upload.isPending} onClick={slot.pick}>
              {t(file ? 'common:files.replace' : 'common:files.upload')}
            </Button>
          </>
        )}
        {file && (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void slot.download(file.name)}>
            {t('common:files.download')}
          </Button>
        )}
        {previewable && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<VisibilityIcon />}
            onClick={() => setPreview((p) => !p)}
            aria-expanded={preview}
          >
            {t(preview ? 'common:files.hidePreview' : 'common:files.preview')}
          </Button>
        )}
        {file && mayEdit && (
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirm(true)}>
            {text('delete')}
          </Button>
        )}
      </Stack>
      {progress}
      <Typography variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
        {accept}
      </Typography>
      {preview && file && (
        <FilePreview url={props.url} file={file} testId={`${testId}-preview`} onDownload={() => void slot.download(file.name)} />
      )}
      {dialog}
    </Card>
  );
}

/** 'PDF, DOC or DOCX', in the reader's language, with the size limit when the slot has its own. */
function useAcceptText(types: readonly FileKind[], maxBytes: number | undefined) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const names = new Intl.ListFormat(fmt.locale, { type: 'disjunction' }).format(types.map((k) => k.toUpperCase()));
  return maxBytes ? t('common:files.acceptUpTo', { types: names, size: fileSize(maxBytes, fmt) }) : names;
}

interface SlotCallbacks {
  onStart: () => void;
  onUploadError: (text: string) => void;
  onDone: () => void;
  uploadedText: string;
  deletedText: string;
}

/** The slot's requests: the hidden file input and its upload with progress, the download, the delete. */
function useFileSlot(props: FileSlotProps, o: SlotCallbacks) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const ifMatch = (): Record<string, string> => {
    const version = props.version?.();
    return version ? { 'If-Match': version } : {};
  };
  const changed = async (version?: string) => {
    o.onDone();
    await props.onChanged(version);
  };
  /** A refusal because the row changed since the page read it: the page reads it again, so a second try goes. */
  const refused = async (e: unknown) => {
    if (isAxiosError(e) && e.response?.status === 412) await props.onChanged();
  };
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen, chosen.name);
      setProgress(undefined);
      // The browser writes the multipart boundary itself.
      return http.put<StoredFileRef>(props.url, form, {
        headers: { 'Content-Type': 'multipart/form-data', ...ifMatch() },
        onUploadProgress: (e) => setProgress(e.total ? Math.round((e.loaded / e.total) * 100) : undefined),
      });
    },
    onMutate: () => o.onStart(),
    onSuccess: async (res) => {
      toast.success(o.uploadedText);
      await changed(res.headers.etag as string | undefined);
    },
    onError: async (e) => {
      o.onUploadError(errorText(t, e));
      await refused(e);
    },
  });
  const remove = useMutation({
    mutationFn: () => http.delete(props.url, { headers: ifMatch() }),
    onSuccess: async (res) => {
      toast.success(o.deletedText);
      await changed(res.headers.etag as string | undefined);
    },
    onError: async (e) => {
      toast.error(errorText(t, e));
      await refused(e);
    },
  });
  const download = async (name: string) => {
    try {
      await downloadFile(props.url, { name, fallbackName: 'file' });
    } catch (e) {
      toast.error(errorText(t, e));
    }
  };
  const inputProps = {
    ref: input,
    type: 'file',
    accept: acceptOf(props.types),
    hidden: true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const chosen = e.target.files?.[0];
      // The same file chosen again is a new upload.
      e.target.value = '';
      if (chosen) upload.mutate(chosen);
    },
  };
  return { inputProps, pick: () => input.current?.click(), upload, remove, download, progress };
}

/**
 * The file in the browser's own viewer (PDF) or as a picture. The download needs the bearer
 * token, so the bytes are fetched and shown from a local object URL; a browser without a PDF
 * viewer offers the download.
 */
function FilePreview({ url, file, testId, onDownload }: { url: string; file: StoredFileRef; testId: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const { data: blob, isError } = useQuery({
    queryKey: ['file-slot', file.fileId],
    queryFn: async () => (await http.get<Blob>(url, { responseType: 'blob' })).data,
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const href = URL.createObjectURL(blob);
    setSrc(href);
    return () => URL.revokeObjectURL(href);
  }, [blob]);
  const fallback = (
    <Typography variant="body2" sx={{ p: 2 }}>
      {t('common:files.noPreview')}{' '}
      <Link component="button" onClick={onDownload}>
        {t('common:files.download')}
      </Link>
    </Typography>
  );
  if (isError) return fallback;
  if (!src) return <Skeleton variant="rounded" height={480} sx={{ mt: 2 }} />;
  const frame = { display: 'block', mt: 2, width: 1, border: 1, borderColor: 'divider', borderRadius: 1 } as const;
  if (file.mime.startsWith('image/'))
    return (
      <Box
        component="img"
        src={src}
        alt={file.name}
        data-testid={testId}
        sx={{ ...frame, height: 'auto', maxHeight: 640, objectFit: 'contain' }}
      />
    );
  return (
    <Box
      component="object"
      data={src}
      type={file.mime}
      aria-label={file.name}
      data-testid={testId}
      sx={{ ...frame, height: { xs: 420, md: 640 } }}
    >
      {fallback}
    </Box>
  );
}
