import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** A big figure with its label; a link when there is somewhere to go. */
export function BigFigure({ label, value, to, testId }: { label: string; value: string; to?: string; testId: string }) {
  const figure = (
    // An amount isolated from the label's direction, and kept inside its half of the card: a long
    // one (Arabic "١٬٧٧٧٬٢٦٢٫٦٤ US$") wraps at its group marks instead of running into the next figure.
    <Typography variant="h4" component="bdi" data-testid={testId} sx={{ display: 'inline-block', maxWidth: 1, overflowWrap: 'anywhere' }}>
      {value}
    </Typography>
  );
  return (
    <Box sx={{ minWidth: 0 }}>
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
