import { useEffect, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FIRM_LOGO_MAX_BYTES,
  firmSettingsUpdateSchema,
  type FirmSettings,
} from '../../../domain/modules/firm-settings/firm-settings.schema';
import { DOCUMENT_LANGS } from '../../../domain/pdf';
import { ErrorState } from '../../components/error-state';
import { errorText, issueText } from '../../i18n/error-text';
import { http } from '../../providers/http';
import { toHttpError } from '../../providers/session';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';

const URL = '/api/v1/firm-settings';
const KEY = ['firm-settings'];
type Form = { name: string; address: string; taxId: string; paymentDetails: string; language: FirmSettings['language'] };
const FIELDS = ['name', 'address', 'taxId', 'paymentDetails'] as const;

/**
 * The firm's details as its invoices print them (name, address, tax id, payment details, logo) and
 * the language of the documents of a customer who has none: admin only. Until saved, the server's
 * environment (FIRM_NAME, FIRM_LOGO_PATH) stands in.
 */
export function FirmSettingsPage() {
  const { t } = useTranslation(['firm-settings', 'customers', 'common', 'errors', 'validation']);
  const { role } = useAuthContext();
  const qc = useQueryClient();
  const current = useQuery({ queryKey: KEY, queryFn: async () => (await http.get<FirmSettings>(URL)).data, enabled: role === 'admin' });
  const [form, setForm] = useState<Form | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  useEffect(() => {
    const d = current.data;
    if (d && !form)
      setForm({
        name: d.name,
        address: d.address ?? '',
        taxId: d.taxId ?? '',
        paymentDetails: d.paymentDetails ?? '',
        language: d.language,
      });
  }, [current.data, form]);

  const save = useMutation({
    mutationFn: async (body: Form) => (await http.put<FirmSettings>(URL, body)).data,
    onSuccess: (d) => {
      qc.setQueryData(KEY, d);
      setIssues({});
      toast.success(t('firm-settings:saved'));
    },
    onError: (e) => {
      const err = toHttpError(e);
      const found = Object.fromEntries(Object.entries(err.issues ?? {}).map(([field, issue]) => [field, issueText(t, issue)]));
      setIssues(found);
      toast.error(errorText(t, e));
    },
  });
  const logo = useMutation({
    mutationFn: async (data: string | null) => (await http.put<FirmSettings>(`${URL}/logo`, { logo: data })).data,
    onSuccess: (d) => {
      qc.setQueryData(KEY, d);
      toast.success(t('firm-settings:saved'));
    },
    onError: (e) => toast.error(errorText(t, e)),
  });

  function pickLogo(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > FIRM_LOGO_MAX_BYTES) return toast.error(t('firm-settings:logoTooLarge'));
    const reader = new FileReader();
    reader.onload = () => logo.mutate(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.readAsDataURL(file);
  }

  if (role !== 'admin') return <Alert severity="warning">{t('firm-settings:adminOnly')}</Alert>;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  const set = (field: keyof Form) => (e: ChangeEvent<HTMLInputElement>) => form && setForm({ ...form, [field]: e.target.value });

  return (
    <Box>
      <Typography variant="h4" component="h1">
        {t('firm-settings:title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>{t('firm-settings:intro')}</Typography>
      <Card sx={{ p: 3, maxWidth: 760 }}>
        {form && (
          <Stack
            component="form"
            spacing={2.5}
            noValidate
            data-testid="firm-settings-form"
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = firmSettingsUpdateSchema.safeParse(form);
              if (!parsed.success) {
                setIssues(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), issueText(t, { code: i.message })])));
                return;
              }
              save.mutate(form);
            }}
          >
            {FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`firm-settings:fields.${field}`)}
                value={form[field]}
                onChange={set(field)}
                required={field === 'name'}
                multiline={field === 'address' || field === 'paymentDetails'}
                minRows={field === 'paymentDetails' ? 3 : field === 'address' ? 2 : undefined}
                error={!!issues[field]}
                helperText={issues[field] ?? t(`firm-settings:help.${field}`)}
                fullWidth
              />
            ))}
            <TextField
              select
              label={t('firm-settings:fields.language')}
              value={form.language}
              onChange={set('language')}
              helperText={t('firm-settings:help.language')}
              fullWidth
            >
              {DOCUMENT_LANGS.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`customers:values.language.${l}`)}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending} data-testid="firm-settings-save">
                {t('common:buttons.save')}
              </Button>
            </Box>
          </Stack>
        )}
      </Card>
      <Card sx={{ p: 3, maxWidth: 760, mt: 3 }}>
        <Typography variant="h6" component="h2">
          {t('firm-settings:fields.logo')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {current.data?.hasLogo ? t('firm-settings:logoSaved') : t('firm-settings:logoDefault')}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" component="label" disabled={logo.isPending}>
            {t('firm-settings:logoUpload')}
            <input hidden type="file" accept="image/png,image/jpeg" onChange={pickLogo} data-testid="firm-logo-input" />
          </Button>
          {current.data?.hasLogo && (
            <Button color="error" onClick={() => logo.mutate(null)} disabled={logo.isPending}>
              {t('firm-settings:logoRemove')}
            </Button>
          )}
        </Stack>
      </Card>
    </Box>
  );
}
