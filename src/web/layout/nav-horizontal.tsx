import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { navColorStyles } from '../theme';
import { LAYOUT } from './layout-config';
import { isActivePath, type NavGroup, type NavItem } from './nav-config';
import { NavChildrenMenu } from './nav-section';

type NavColors = ReturnType<typeof navColorStyles>;

/**
 * Horizontal navigation bar (64 px high) under the header. Items that do not fit
 * scroll sideways, with arrow buttons at the ends that say so.
 */
export function NavHorizontal({ groups, colors }: { groups: NavGroup[]; colors: NavColors }) {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  // How far the list is scrolled from its start and from its end (scrollLeft is
  // negative in right-to-left).
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const fromStart = Math.abs(el.scrollLeft);
    const rest = el.scrollWidth - el.clientWidth - fromStart;
    setEdges({ start: fromStart > 1, end: rest > 1 });
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure, groups]);

  const scrollBy = (towardsEnd: boolean) => {
    const el = scroller.current;
    if (!el) return;
    const step = el.clientWidth * 0.6 * (towardsEnd ? 1 : -1);
    el.scrollBy({ left: rtl ? -step : step, behavior: 'smooth' });
  };

  const arrow = (towardsEnd: boolean) => {
    const shown = towardsEnd ? edges.end : edges.start;
    // The icon points where the hidden items are: mirrored in right-to-left.
    const pointsRight = towardsEnd !== rtl;
    return shown ? (
      <IconButton
        size="small"
        onClick={() => scrollBy(towardsEnd)}
        aria-label={t(towardsEnd ? 'nav.scrollEnd' : 'nav.scrollStart')}
        data-testid={towardsEnd ? 'nav-scroll-end' : 'nav-scroll-start'}
        sx={{ flexShrink: 0, color: 'inherit' }}
      >
        {pointsRight ? <ChevronRight /> : <ChevronLeft />}
      </IconButton>
    ) : null;
  };

  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-testid="nav"
      sx={{
        height: LAYOUT.navHorizontalHeight,
        display: 'flex',
        alignItems: 'center',
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: colors.bgcolor,
        color: colors.color,
      }}
    >
      {arrow(false)}
      <Box
        ref={scroller}
        data-testid="nav-horizontal-items"
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 0.25,
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {groups
          .flatMap((g) => g.items)
          .map((item) => (
            <HorizontalItem key={item.id} item={item} colors={colors} />
          ))}
      </Box>
      {arrow(true)}
    </Box>
  );
}

function HorizontalItem({ item, colors }: { item: NavItem; colors: NavColors }) {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = isActivePath(item.path, pathname);
  const sx = {
    flexShrink: 0,
    whiteSpace: 'nowrap',
    px: 1,
    minWidth: 0,
    fontSize: '0.8125rem',
    color: active ? colors.activeColor : colors.color,
    bgcolor: active ? colors.activeBg : 'transparent',
    fontWeight: active ? 600 : 500,
    '&:hover': { bgcolor: active ? colors.activeBg : colors.hoverBg },
    '& .MuiButton-startIcon': { mr: 0.75, ml: 0 },
    '& .MuiButton-startIcon > svg': { fontSize: 20 },
    '& .MuiButton-endIcon': { ml: 0.25, mr: -0.5 },
  } as const;
  if (!item.children) {
    return (
      <Button
        component={RouterLink}
        to={item.path}
        startIcon={item.icon}
        data-nav-item={item.id}
        aria-current={active ? 'page' : undefined}
        sx={sx}
      >
        {t(item.titleKey)}
      </Button>
    );
  }
  return (
    <>
      <Button
        startIcon={item.icon}
        endIcon={<ExpandMore />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-nav-item={item.id}
        sx={sx}
      >
        {t(item.titleKey)}
      </Button>
      <NavChildrenMenu item={item} anchor={anchor} onClose={() => setAnchor(null)} placement="bottom" />
    </>
  );
}
