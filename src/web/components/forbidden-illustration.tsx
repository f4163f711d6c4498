import Box, { type BoxProps } from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

/** A bundled, inline "forbidden" illustration (a locked door with a stop sign). */
export function ForbiddenIllustration({ sx, ...other }: BoxProps) {
  const theme = useTheme();
  const primary = theme.palette.primary.main;
  const light = theme.palette.primary.light;
  const error = theme.palette.error.main;
  return (
    <Box
      component="svg"
      viewBox="0 0 480 360"
      aria-hidden="true"
      focusable="false"
      sx={{ width: 320, maxWidth: '100%', height: 'auto', ...sx }}
      {...(other as object)}
    >
      <ellipse cx="240" cy="318" rx="180" ry="20" fill={theme.palette.grey[300]} opacity="0.5" />
      <rect x="150" y="60" width="180" height="250" rx="12" fill={light} opacity="0.35" />
      <rect x="170" y="80" width="140" height="230" rx="8" fill={primary} opacity="0.85" />
      <circle cx="285" cy="200" r="8" fill="#fff" />
      <rect x="205" y="150" width="70" height="60" rx="10" fill="#fff" opacity="0.9" />
      <path d="M220 150v-16a20 20 0 0 1 40 0v16" stroke="#fff" strokeWidth="10" fill="none" />
      <circle cx="240" cy="178" r="7" fill={primary} />
      <rect x="237" y="180" width="6" height="16" rx="3" fill={primary} />
      <circle cx="340" cy="110" r="46" fill={error} />
      <circle cx="340" cy="110" r="34" fill="none" stroke="#fff" strokeWidth="8" />
      <path d="M316 134l48-48" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
    </Box>
  );
}
