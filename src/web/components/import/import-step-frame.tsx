import type { ReactNode, RefObject } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A step's heading: focusable by script (not by Tab), so that each step's start is announced. */
export function ImportStepTitle({ children, ref }: { children: ReactNode; ref: RefObject<HTMLHeadingElement | null> }) {
  return (
    <Typography variant="h6" component="h2" tabIndex={-1} ref={ref} sx={{ outline: 'none', mb: 2 }} data-testid="import-step-title">
      {children}
    </Typography>
  );
}

/** A step's way on and back, under its content. */
export function ImportStepNav({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
}
