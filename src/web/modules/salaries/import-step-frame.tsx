import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMPORT_NAMESPACES } from './use-salary-import';

/** A step's heading: focusable by script (not by Tab), so that each step's start is announced. */
export function ImportStepTitle({ step, ref }: { step: string; ref: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  return (
    <Typography variant="h6" component="h2" tabIndex={-1} ref={ref} sx={{ outline: 'none', mb: 2 }} data-testid="import-step-title">
      {t(`salaries:import.steps.${step}`)}
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
