import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { BenchPerson } from '../../../domain/modules/headcounts/headcounts.schema';
import { can } from '../../../domain/resources';
import { QueryState } from '../../components/query-state';
import { ResourceList } from '../../components/resource/resource-list';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';

/** Placements, and one click away the bench: the people who have no seat today. */
export function HeadcountListPage() {
  const { t } = useTranslation();
  const { role } = useAuthContext();
  const [sp, setSp] = useSearchParams();
  const bench = sp.get('view') === 'bench' && can(role, 'headcounts', 'bench');
  return (
    <Box>
      {can(role, 'headcounts', 'bench') && (
        <Tabs
          value={bench ? 'bench' : 'placements'}
          onChange={(_, v: string) => setSp(v === 'bench' ? { view: 'bench' } : {}, { replace: false })}
          sx={{ mb: 2 }}
        >
          <Tab value="placements" label={t('headcounts:tabs.placements')} />
          <Tab value="bench" label={t('headcounts:tabs.bench')} data-testid="bench-tab" />
        </Tabs>
      )}
      {bench ? <Bench canPlace={can(role, 'headcounts', 'create')} /> : <ResourceList resource="headcounts" />}
    </Box>
  );
}

function Bench({ canPlace }: { canPlace: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const query = useQuery({
    queryKey: ['headcount', 'bench'],
    queryFn: async () => (await http.get<BenchPerson[]>('/api/v1/headcount/bench')).data,
  });
  return (
    <Box>
      <Typography variant="h4" component="h1">
        {t('headcounts:bench.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('headcounts:bench.hint')}</Typography>
      <Card>
        <QueryState query={query} empty={t('headcounts:bench.empty')}>
          {(rows) => (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="bench">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('headcounts:fields.userId')}</TableCell>
                    <TableCell>{t('users:fields.title')}</TableCell>
                    <TableCell>{t('users:fields.level')}</TableCell>
                    <TableCell>{t('headcounts:bench.lastSeatEnd')}</TableCell>
                    {canPlace && <TableCell />}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell dir="auto">{p.fullName}</TableCell>
                      <TableCell dir="auto">{p.title ?? '—'}</TableCell>
                      <TableCell>{p.level ? t(`users:values.level.${p.level}`, { defaultValue: p.level }) : '—'}</TableCell>
                      <TableCell>{p.lastSeatEnd ? fmt.date(p.lastSeatEnd) : t('headcounts:bench.never')}</TableCell>
                      {canPlace && (
                        <TableCell align="right">
                          <Button
                            size="small"
                            component={RouterLink}
                            to={`/headcounts/new?userId=${p.id}&returnTo=${encodeURIComponent('/headcounts?view=bench')}`}
                          >
                            {t('headcounts:bench.place')}
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </QueryState>
      </Card>
    </Box>
  );
}
