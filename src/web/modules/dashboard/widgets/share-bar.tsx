import Box from '@mui/material/Box';

/** A share as a plain bar (a chart's, not progress: the figure beside it is what is read). */
export function ShareBar({ share }: { share: number }) {
  return (
    <Box aria-hidden sx={{ height: 8, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden', mt: 1 }}>
      <Box sx={{ height: 1, width: `${Math.min(1, Math.max(0, share)) * 100}%`, bgcolor: 'primary.main' }} />
    </Box>
  );
}
