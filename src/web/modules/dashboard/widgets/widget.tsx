import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

/** A dashboard card: a section named by its title. */
export function Widget({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** A widget's text when it has nothing to show. */
export const WidgetEmpty = ({ children }: { children: ReactNode }) => <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>;
