import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { resourceByName } from '../../../domain/resources';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { ErrorState } from '../error-state';

interface PayItem {
  id: string;
  column: 'bonus' | 'commission';
  amount: string;
  currency: string;
  sourceAmount: string;
  sourceCurrency: string;
  rate: string;
  resource: string;
  sourceId: string;
  label: string;
}

/** Where a paid figure opens: its statement's page, or the quarter's fund. */
function hrefOf(item: PayItem): string | undefined {
  if (item.resource === 'bonus-fund') return `/kpi/quarterly-summary?period=${encodeURIComponent(item.label)}`;
  const decl = resourceByName(item.resource);
  return decl ? `${decl.route}/${item.sourceId}` : undefined;
}

/**
 * A salary's paid figures the product computed (quarter bonuses, fund shares, project bonuses,
 * commissions): each with its own amount, the rate it was converted at, what it added to the
 * salary's column, and a link back to the statement it came from.
 */
export function SalaryPayItems({ id }: { id: string }) {
  const { t } = useTranslation(['statements', 'salaries', 'errors']);
  const fmt = useFormatters();
  const query = useQuery({
    queryKey: ['salary-pay-items', id],
    queryFn: async () => (await http.get<{ data: PayItem[] }>(`/api/v1/salary/${id}/pay-items`)).data.data,
  });
  if (query.isPending) return <Skeleton variant="rounded" height={120} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.length) return <Typography sx={{ color: 'text.secondary' }}>{t('statements:payItems.empty')}</Typography>;
  return (
    <Table size="small" aria-label={t('statements:payItems.tab')} data-testid="salary-pay-items">
      <TableHead>
        <TableRow>
          <TableCell>{t('statements:payItems.source')}</TableCell>
          <TableCell>{t('statements:payItems.column')}</TableCell>
          <TableCell align="right">{t('statements:payItems.figure')}</TableCell>
          <TableCell align="right">{t('statements:payItems.added')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {query.data.map((item) => {
          const href = hrefOf(item);
          const name = t(`statements:payItems.kinds.${item.resource}`, { period: item.label, defaultValue: item.label });
          return (
            <TableRow key={item.id} data-testid={`salary-pay-item-${item.resource}`}>
              <TableCell>
                {href ? (
                  <Link component={RouterLink} to={href}>
                    <bdi>{name}</bdi>
                  </Link>
                ) : (
                  <bdi>{name}</bdi>
                )}
              </TableCell>
              <TableCell>{t(`salaries:fields.${item.column}`)}</TableCell>
              <TableCell align="right">
                <bdi>{fmt.money(item.sourceAmount, item.sourceCurrency)}</bdi>
                {item.rate !== '1' && (
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    <bdi>{t('statements:payItems.rate', { rate: item.rate })}</bdi>
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">
                <bdi data-testid="salary-pay-item-amount">{fmt.money(item.amount, item.currency)}</bdi>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
