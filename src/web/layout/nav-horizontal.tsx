import { useCallback, useLayoutEffect, useRef, useState } from 'react';
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
import { isActiveItem, type NavGroup, type NavItem } from './nav-config';
import { NavChildrenMenu } from './nav-section';

type NavColors = ReturnType<typeof navColorStyles>;

// Item icon and the space between it and the label, in px: the width the icons take is
// known, so the bar can tell whether the items would fit with them while they are hidden.
const ICON_SIZE = 18;
const ICON_GAP = 6;

/**
 * Horizontal navigation bar (64 px high) under the header. The items show icon and label
 * when they all fit; when they do not, the icons go first (all sixteen items fit on a
 * 1440 px screen in every language); when the labels alone do not fit either, the bar
 * scrolls sideways, with arrow buttons at the ends that say so.
 */
export function NavHorizontal({ groups, colors }: { groups: NavGroup[]; colors: NavColors }) {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const bar = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  const [withIcons, setWithIcons] = useState(true);
  const iconsShown = useRef(true);

  const measure = useCallback(() => {
    const el = scroller.current;
    const items = list.current;
    if (!el || !items || !bar.current) return;
    // Would every item fit with its icon? Measured on the bar (arrows or not), with the
    // icons' known width added back while they are hidden: the answer does not flip-flop.
    const style = getComputedStyle(bar.current);
    const available = bar.current.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const count = items.querySelectorAll('[data-nav-item]').length;
    const needed = items.scrollWidth + (iconsShown.current ? 0 : count * (ICON_SIZE + ICON_GAP));
    const fits = needed <= available + 0.5;
    if (fits !== iconsShown.current) {
      iconsShown.current = fits;
      setWithIcons(fits); // the list resizes, and is measured again
    }
    // Arrows only when the list is wider than the whole bar (not than the room the arrows
    // leave), then as far as it is scrolled from its start and from its end (scrollLeft is
    // negative in right-to-left).
    if (fits || items.scrollWidth <= available + 0.5) {
      setEdges({ start: false, end: false });
      return;
    }
    const fromStart = Math.abs(el.scrollLeft);
    const rest = el.scrollWidth - el.clientWidth - fromStart;
    setEdges({ start: fromStart > 1, end: rest > 1 });
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !list.current || !bar.current) return;
    measure();
    // The bar follows the window, the list its labels (language, font, icons shown).
    const observer = new ResizeObserver(measure);
    observer.observe(bar.current);
    observer.observe(list.current);
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
      ref={bar}
      aria-label={t('nav.label')}
      data-testid="nav"
      data-icons={withIcons ? 'true' : 'false'}
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
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        <Box ref={list} sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexShrink: 0, width: 'max-content' }}>
          {groups
            .flatMap((g) => g.items)
            .map((item) => (
              <HorizontalItem key={item.id} item={item} colors={colors} withIcon={withIcons} />
            ))}
        </Box>
      </Box>
      {arrow(true)}
    </Box>
  );
}

function HorizontalItem({ item, colors, withIcon }: { item: NavItem; colors: NavColors; withIcon: boolean }) {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = isActiveItem(item, pathname);
  const sx = {
    flexShrink: 0,
    whiteSpace: 'nowrap',
    // 6 px a side: the sixteen items of an admin, two with menus of their own besides the five of
    // the spec, fit a 1440 px bar in French and Vietnamese (their longest labels) with room to spare.
    px: 0.75,
    minWidth: 0,
    fontSize: '0.8125rem',
    color: active ? colors.activeColor : colors.color,
    bgcolor: active ? colors.activeBg : 'transparent',
    fontWeight: active ? 600 : 500,
    '&:hover': { bgcolor: active ? colors.activeBg : colors.hoverBg },
    '& .MuiButton-startIcon': { mr: `${ICON_GAP}px`, ml: 0 },
    '& .MuiButton-startIcon > svg': { fontSize: ICON_SIZE },
    '& .MuiButton-endIcon': { ml: 0.25, mr: -0.5 },
    '& .MuiButton-endIcon > svg': { fontSize: 18 },
  } as const;
  const startIcon = withIcon ? item.icon : undefined;
  if (!item.children) {
    return (
      <Button
        component={RouterLink}
        to={item.path}
        startIcon={startIcon}
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
        startIcon={startIcon}
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
