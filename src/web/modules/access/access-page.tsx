import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccessMatrix } from '../../../domain/modules/access/access.schema';
import { ErrorState } from '../../components/error-state';
import { PermissionDeniedView } from '../../components/permission-denied';
import { useAuthContext } from '../../providers/auth-context';
import { http } from '../../providers/http';
import { AccessGrid, CellMark } from './access-grid';
import { SectionIndex } from './section-index';
import { ResetDialog } from './access-dialogs';
import { PersonAccessPanel } from './person-access';

/** Under 'access': the socket's access event refetches every query of the page (signed-in-shell). */
export const MATRIX_KEY = ['access', 'matrix'];

/**
 * Who may do what (decision 014): the spec's defaults per role × resource × action, the firm's
 * changes over them (who, when, why), a change with its note, resets, and one person's access.
 */
export function AccessPage() {
  const { t } = useTranslation();
  const { role } = useAuthContext();
  const [reset, setReset] = useState(false);
  const matrix = useQuery({
    queryKey: MATRIX_KEY,
    queryFn: async () => (await http.get<AccessMatrix>('/api/v1/access')).data,
    enabled: role === 'admin',
  });
  if (role !== 'admin') return <PermissionDeniedView role={role} />;
  const changed =
    matrix.data?.sections.some((s) => s.resources.some((r) => r.actions.some((a) => a.cells.some((c) => c.changed)))) ?? false;
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('access:title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 760 }}>{t('access:intro')}</Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          disabled={!changed}
          onClick={() => setReset(true)}
          data-testid="access-reset-all"
          sx={{ flexShrink: 0 }}
        >
          {t('access:reset.all')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} aria-label={t('access:legend.title')} role="group">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CellMark allowed changed={false} />
          <Typography variant="body2">{t('access:legend.default')}</Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CellMark allowed changed />
          <Typography variant="body2">{t('access:legend.changed')}</Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CellMark allowed={false} changed={false} />
          <Typography variant="body2">{t('access:legend.denied')}</Typography>
        </Stack>
      </Stack>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, gap: 3, alignItems: { lg: 'flex-start' }, mb: 3 }}>
        {matrix.data && <SectionIndex matrix={matrix.data} />}
        <Card sx={{ flex: 1, minWidth: 0, overflow: { lg: 'visible' } }}>
          {matrix.isError ? (
            <Box sx={{ p: 2 }}>
              <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} />
            </Box>
          ) : matrix.data ? (
            <AccessGrid matrix={matrix.data} />
          ) : (
            <CardContent>
              <Typography sx={{ color: 'text.secondary' }}>{t('errors:loading')}</Typography>
            </CardContent>
          )}
        </Card>
      </Box>
      <PersonAccessPanel />
      <ResetDialog open={reset} onClose={() => setReset(false)} />
    </Box>
  );
}
