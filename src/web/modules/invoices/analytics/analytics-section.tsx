import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

/** Drawings are for the eye and the mouse; the tables beside them carry every figure as a link for everyone. */
export const chartBox = { width: 1, minWidth: 0 } as const;

/** A card of the analytics: a section named by its title. */
export function AnalyticsSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}
