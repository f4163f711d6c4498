import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { pdfLangFor } from '../../../domain/pdf';
import { can } from '../../../domain/resources';
import { saveBlob } from '../../components/download';
import { errorText } from '../../i18n/error-text';
import { currentLangValue } from '../../i18n';
import { useAuthContext } from '../../providers/auth-context';
import { http } from '../../providers/http';
import { toast } from '../../toast';

/**
 * "Generate branded CV": the profile as a PDF under the firm's name and logo, without contact
 * details, to send to a customer. The server draws it on each request; the browser saves it.
 */
export function CandidateBrandedCv({ id, fullName }: { id: string; fullName: string }) {
  const { t } = useTranslation();
  const { role } = useAuthContext();
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number>();
  const [missing, setMissing] = useState(0);
  const ui = currentLangValue();
  const lang = pdfLangFor(ui);

  const generate = useMutation({
    mutationFn: async () => {
      const res = await http.get<Blob>(`/api/v1/candidates/${id}/cv-branded`, {
        params: { lang },
        responseType: 'blob',
        onDownloadProgress: (e) => setProgress(e.total ? Math.round((e.loaded / e.total) * 100) : undefined),
      });
      return { data: res.data, missing: Number(res.headers['x-missing-glyphs'] ?? 0) || 0 };
    },
    onMutate: () => {
      setError('');
      setMissing(0);
      setProgress(undefined);
    },
    onSuccess: ({ data, missing }) => {
      setMissing(missing);
      saveBlob(data, t('candidates:branded.fileName', { name: fullName }));
      toast.success(t('candidates:branded.done'));
    },
    onError: (e) => setError(errorText(t, e)),
  });

  if (!can(role, 'candidates', 'brandedCv')) return null;
  return (
    <Card sx={{ p: 3 }} data-testid="candidate-branded-cv">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('candidates:branded.title')}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('candidates:branded.hint')}</Typography>
      {!!error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="candidate-branded-cv-error">
          {error}
        </Alert>
      )}
      {missing > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="candidate-branded-cv-missing">
          {t('candidates:branded.missingGlyphs', { count: missing })}
        </Alert>
      )}
      <Button
        variant="contained"
        startIcon={<PictureAsPdfIcon />}
        loading={generate.isPending}
        loadingPosition="start"
        onClick={() => generate.mutate()}
      >
        {t(generate.isPending ? 'candidates:branded.generating' : 'candidates:branded.generate')}
      </Button>
      {generate.isPending && (
        <LinearProgress
          sx={{ mt: 2 }}
          variant={progress === undefined ? 'indeterminate' : 'determinate'}
          value={progress}
          aria-label={t('candidates:branded.generating')}
        />
      )}
      <Typography variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
        {t(lang === ui ? 'candidates:branded.language' : 'candidates:branded.languageFallback')}
      </Typography>
    </Card>
  );
}
