import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** A big figure with its label; a link when there is somewhere to go. */
export function BigFigure({ label, value, to, testId }: { label: string; value: string; to?: string; testId: string }) {
  const figure = (
    <Typography variant="h4" component="span" data-testid={testId}>
      {value}
    </Typography>
  );
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {to ? (
        <Link component={RouterLink} to={to} underline="hover" aria-label={`${label}: ${value}`}>
          {figure}
        </Link>
      ) : (
        figure
      )}
    </Box>
  );
}
