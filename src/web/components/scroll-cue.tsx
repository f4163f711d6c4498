import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

type Edges = { before: boolean; after: boolean };

/**
 * A row wider than its place scrolls sideways with a visible cue: the hidden side fades out and
 * carries a button that scrolls one screen (keyboard and pointer alike). Mirrored in right-to-left.
 */
export function ScrollCue({ children, sx, testId }: { children: ReactNode; sx?: SxProps<Theme>; testId?: string }) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // Right-to-left, scrollLeft runs from 0 to negative values.
    const at = Math.abs(el.scrollLeft);
    const next = { before: at > 1, after: at + el.clientWidth < el.scrollWidth - 1 };
    setEdges((e) => (e.before === next.before && e.after === next.after ? e : next));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [measure, children]);
  const scroll = (towards: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const by = Math.max(120, el.clientWidth * 0.8) * towards * (rtl ? -1 : 1);
    el.scrollBy({ left: by, behavior: 'smooth' });
  };
  // `left`/`right` are mirrored by the right-to-left style plugin; the icons follow by hand.
  const fade = (side: 'left' | 'right') => ({
    position: 'absolute' as const,
    top: 0,
    bottom: 0,
    [side]: 0,
    width: 48,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    pointerEvents: 'none' as const,
    background: (theme: Theme) =>
      `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, ${theme.palette.background.default} 30%, transparent)`,
    zIndex: 1,
  });
  const Before = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const After = rtl ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <Box sx={{ position: 'relative' }} data-testid={testId ? `${testId}-scroll` : undefined}>
      <Box ref={ref} onScroll={measure} sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]} data-testid={testId}>
        {children}
      </Box>
      {edges.before && (
        <Box sx={fade('left')}>
          <IconButton
            size="small"
            onClick={() => scroll(-1)}
            aria-label={t('common:scroll.before')}
            sx={{ pointerEvents: 'auto', boxShadow: 2, bgcolor: 'background.paper' }}
          >
            <Before fontSize="small" />
          </IconButton>
        </Box>
      )}
      {edges.after && (
        <Box sx={fade('right')}>
          <IconButton
            size="small"
            onClick={() => scroll(1)}
            aria-label={t('common:scroll.after')}
            sx={{ pointerEvents: 'auto', boxShadow: 2, bgcolor: 'background.paper' }}
          >
            <After fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
