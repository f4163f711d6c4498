import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useInvalidate, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import type { Candidate, CandidateFile } from '../../../domain/modules/candidates/candidates.schema';
import { can } from '../../../domain/resources';
import { CV_ACCEPT, useFileSlot } from '../../components/file-slot';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { useFormatters, type Formatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { http } from '../../providers/http';
import { CandidateBrandedCv } from './candidate-branded-cv';

const SLOTS = [
  { path: 'cv', field: 'cv', label: 'candidates:files.cv' },
  { path: 'cv-converted', field: 'cvConverted', label: 'candidates:files.cvConverted' },
] as const;
type Slot = (typeof SLOTS)[number];

export function fileSize(bytes: number, fmt: Formatters): string {
  return bytes >= 1024 * 1024
    ? fmt.number(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
    : fmt.number(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });
}

/**
 * A candidate's CV and converted CV: upload (replaces), download, delete after a confirmation, and a
 * PDF preview; and the branded CV the firm generates from the profile.
 */
export function CandidateFiles({ id }: { id: string }) {
  const { query } = useOne<Candidate>({ resource: 'candidates', id });
  const record = query.data?.data;
  if (!record) return <Skeleton variant="rounded" height={160} />;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {SLOTS.map((slot) => (
        <FileCard key={slot.path} id={id} slot={slot} file={record[slot.field]} />
      ))}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <CandidateBrandedCv id={id} fullName={record.fullName} />
      </Box>
    </Box>
  );
}

function FileCard({ id, slot, file }: { id: string; slot: Slot; file: CandidateFile | null }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const [confirm, setConfirm] = useState(false);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState('');
  const url = `/api/v1/candidates/${id}/${slot.path}`;
  const mayEdit = can(role, 'candidates', 'edit');
  const what = t(slot.label);
  const { inputProps, pick, upload, remove, download } = useFileSlot(url, {
    name: file?.name,
    accept: CV_ACCEPT,
    uploadedText: t('candidates:files.uploadedOk'),
    deletedText: t('candidates:files.deletedOk'),
    onUploadStart: () => setError(''),
    onUploadError: setError,
    onChanged: async () => {
      setPreview(false);
      setConfirm(false);
      await invalidate({ resource: 'candidates', id, invalidates: ['detail', 'list'] });
    },
  });

  return (
    <Card sx={{ p: 3 }} data-testid={`candidate-${slot.path}`}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {what}
      </Typography>
      {file ? (
        <Box sx={{ mb: 2 }}>
          <Typography dir="auto" sx={{ wordBreak: 'break-word' }} data-testid={`candidate-${slot.path}-name`}>
            {file.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('candidates:files.uploaded', { at: fmt.dateTime(file.uploadedAt), size: fileSize(file.size, fmt) })}
          </Typography>
        </Box>
      ) : (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('candidates:files.none')}</Typography>
      )}
      {!!error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`candidate-${slot.path}-error`}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mayEdit && (
          <>
            <input {...inputProps} aria-label={what} data-testid={`candidate-${slot.path}-input`} />
            <Button variant="contained" startIcon={<UploadIcon />} loading={upload.isPending} onClick={pick}>
              {t(file ? 'candidates:files.replace' : 'candidates:files.upload')}
            </Button>
          </>
        )}
        {file && (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
            {t('candidates:files.download')}
          </Button>
        )}
        {file?.mime === 'application/pdf' && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<VisibilityIcon />}
            onClick={() => setPreview((p) => !p)}
            aria-expanded={preview}
          >
            {t(preview ? 'candidates:files.hidePreview' : 'candidates:files.preview')}
          </Button>
        )}
        {file && mayEdit && (
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirm(true)}>
            {t('candidates:files.delete')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
        {t('candidates:files.accept')}
      </Typography>
      {preview && file && <PdfPreview url={url} fileId={file.fileId} title={file.name} onDownload={() => void download()} />}
      <ConfirmDialog
        open={confirm}
        title={t('candidates:files.deleteTitle', { what })}
        message={t('candidates:files.deleteMessage', { name: file?.name ?? '' })}
        confirmText={t('candidates:files.delete')}
        pending={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirm(false) })}
        testId={`candidate-${slot.path}-confirm-delete`}
      />
    </Card>
  );
}

/**
 * The PDF in the browser's own viewer. The download needs the bearer token, so the bytes are
 * fetched and shown from a local object URL; a browser without a viewer offers the download.
 */
function PdfPreview({ url, fileId, title, onDownload }: { url: string; fileId: string; title: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const { data: blob, isError } = useQuery({
    queryKey: ['candidate-file', fileId],
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
      {t('candidates:files.noPreview')}{' '}
      <Link component="button" onClick={onDownload}>
        {t('candidates:files.download')}
      </Link>
    </Typography>
  );
  if (isError) return fallback;
  if (!src) return <Skeleton variant="rounded" height={480} sx={{ mt: 2 }} />;
  return (
    <Box
      component="object"
      data={src}
      type="application/pdf"
      aria-label={title}
      data-testid="candidate-cv-preview"
      sx={{ display: 'block', mt: 2, width: 1, height: { xs: 420, md: 640 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {fallback}
    </Box>
  );
}
