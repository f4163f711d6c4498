import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { alpha, useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { DemoBanner } from '../components/demo-banner';
import { useSettings } from '../settings';
import { navColorStyles } from '../theme';
import { SettingsButton } from './settings-drawer';
import { NotificationsPopover } from './notifications';
import { useAuthContext } from '../providers/auth-context';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { SearchButton } from './search/search-button';
import { COMPACT_MEDIA_QUERY, LAYOUT, initials } from './layout-config';
import { navForRole } from './nav-config';
import { NavHorizontal } from './nav-horizontal';
import { NavSection } from './nav-section';
import { RoleGuard } from '../app/guards';
import { MAIN_CONTENT_ID } from '../app/page-a11y';

// The navigation's drawer is a phone's and a tablet's: it loads on such a screen only.
const Drawer = lazy(() => import('@mui/material/Drawer'));

/** The signed-in layout: navigation (vertical, mini or horizontal), header, content. */
export function DashboardLayout() {
  const theme = useTheme();
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const { role } = useAuthContext();
  const isDesktop = useMediaQuery(theme.breakpoints.up(LAYOUT.breakpoint));
  const [mobileOpen, setMobileOpen] = useState(false);
  const scrolled = useScrollTrigger({
    disableHysteresis: true,
    threshold: LAYOUT.headerHeightDesktop,
  });

  const groups = navForRole(role);
  const layout = isDesktop ? settings.navLayout : 'vertical';
  const sideWidth = !isDesktop ? 0 : layout === 'vertical' ? LAYOUT.navVerticalWidth : layout === 'mini' ? LAYOUT.navMiniWidth : 0;
  const headerHeight = isDesktop ? LAYOUT.headerHeightDesktop : LAYOUT.headerHeightMobile;
  const toggleMini = () => settings.onUpdate('navLayout', settings.navLayout === 'mini' ? 'vertical' : 'mini');

  const nav = navColorStyles(theme, settings.navColor);
  const headerNav = navColorStyles(theme, 'integrate');
  const mini = layout === 'mini' && isDesktop;
  const brand = (
    <Typography
      variant="h6"
      component="div"
      sx={{
        fontWeight: 800,
        // The side navigation's colours where it sits on it, else the header's.
        color: isDesktop && layout !== 'horizontal' ? nav.brandColor : headerNav.brandColor,
        whiteSpace: 'nowrap',
      }}
      aria-label={mini ? t('brand') : undefined}
    >
      {mini ? initials(t('brand')) : t('brand')}
    </Typography>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-layout={isDesktop ? layout : 'mobile'}>
      {isDesktop && layout !== 'horizontal' && (
        <Box
          component="aside"
          data-testid="nav-side"
          sx={{
            width: sideWidth,
            flexShrink: 0,
            position: 'fixed',
            insetInlineStart: 0,
            top: 0,
            bottom: 0,
            borderInlineEnd: 1,
            borderColor: nav.borderColor,
            overflowY: 'auto',
            zIndex: theme.zIndex.appBar + 1,
            transition: theme.transitions.create('width'),
            ...navListSx(nav),
          }}
        >
          <Box
            sx={{
              height: headerHeight,
              display: 'flex',
              alignItems: 'center',
              justifyContent: layout === 'mini' ? 'center' : 'space-between',
              px: 2,
            }}
          >
            {brand}
          </Box>
          <Tooltip title={layout === 'mini' ? t('navbar:expandNav') : t('navbar:collapseNav')} placement="right">
            <IconButton
              size="small"
              onClick={toggleMini}
              aria-label={layout === 'mini' ? t('navbar:expandNav') : t('navbar:collapseNav')}
              data-testid="nav-toggle"
              sx={{
                position: 'fixed',
                top: 22,
                insetInlineStart: sideWidth - 13,
                zIndex: theme.zIndex.appBar + 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                width: 26,
                height: 26,
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              {(layout === 'mini') !== (theme.direction === 'rtl') ? <ChevronRight fontSize="small" /> : <ChevronLeft fontSize="small" />}
            </IconButton>
          </Tooltip>
          <NavSection groups={groups} variant={layout === 'mini' ? 'mini' : 'vertical'} />
        </Box>
      )}

      {!isDesktop && (
        <Suspense fallback={null}>
          <Drawer
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            anchor="left" // MUI mirrors it in right-to-left
            PaperProps={{
              sx: { width: LAYOUT.navMobileWidth, ...navListSx(headerNav) },
            }}
          >
            <Box
              sx={{
                height: LAYOUT.headerHeightMobile,
                // The drawer paper is a flex column: keep the full header height
                // when the navigation below is taller than the screen.
                flexShrink: 0,
                display: 'flex',
                alignItems: 'center',
                px: 2.5,
              }}
            >
              {brand}
            </Box>
            <NavSection groups={groups} onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        </Suspense>
      )}

      <Box
        sx={{
          flexGrow: 1,
          minWidth: 0,
          marginInlineStart: `${sideWidth}px`,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <DemoBanner />
        <AppBar
          position="sticky"
          elevation={0}
          color="transparent"
          data-offset={scrolled ? 'true' : 'false'}
          sx={{
            top: 0,
            zIndex: theme.zIndex.appBar,
            backdropFilter: `blur(${LAYOUT.headerBlur}px)`,
            WebkitBackdropFilter: `blur(${LAYOUT.headerBlur}px)`,
            bgcolor: alpha(theme.palette.background.default, scrolled ? 0.8 : 0.6),
            boxShadow: scrolled ? theme.shadows[2] : 'none',
            transition: theme.transitions.create(['height', 'background-color', 'box-shadow']),
          }}
        >
          <Toolbar
            sx={{
              height: scrolled && isDesktop ? LAYOUT.headerHeightMobile : headerHeight,
              minHeight: {
                xs: LAYOUT.headerHeightMobile,
                [LAYOUT.breakpoint]: scrolled ? LAYOUT.headerHeightMobile : LAYOUT.headerHeightDesktop,
              },
              gap: 1,
              transition: theme.transitions.create('height'),
            }}
          >
            {!isDesktop && (
              <IconButton onClick={() => setMobileOpen(true)} aria-label={t('navbar:openNav')} edge="start">
                <MenuIcon />
              </IconButton>
            )}
            {isDesktop && layout === 'horizontal' && brand}
            <Box sx={{ flexGrow: 1 }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.primary' }}>
              <SearchButton wide={isDesktop} />
              <LanguageSwitcher />
              <NotificationsPopover />
              <SettingsButton />
              <AccountMenu />
            </Stack>
          </Toolbar>
          {isDesktop && layout === 'horizontal' && <NavHorizontal groups={groups} colors={nav} />}
        </AppBar>

        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            px: { xs: 2, sm: 3, lg: 5 },
            py: { xs: 2, lg: 4 },
          }}
        >
          <Box
            data-testid="main-content"
            data-compact={settings.compactLayout ? 'true' : 'false'}
            sx={
              settings.compactLayout
                ? {
                    [COMPACT_MEDIA_QUERY]: {
                      maxWidth: LAYOUT.compactContentWidth,
                      mx: 'auto',
                    },
                  }
                : undefined
            }
          >
            <RoleGuard>
              <Outlet />
            </RoleGuard>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** The nav colours on a list navigation: items, icons, sub-headers, active item. */
function navListSx(nav: ReturnType<typeof navColorStyles>) {
  return {
    bgcolor: nav.bgcolor,
    color: nav.color,
    '& .MuiListSubheader-root': { color: nav.subheaderColor },
    '& .MuiListItemButton-root': {
      color: nav.color,
      '&:hover': { bgcolor: nav.hoverBg },
    },
    '& .MuiListItemIcon-root': { color: nav.iconColor },
    '& .MuiListItemButton-root.Mui-selected': {
      color: nav.activeColor,
      bgcolor: nav.activeBg,
      '&:hover': { bgcolor: nav.activeBg },
      '& .MuiListItemIcon-root': { color: 'inherit' },
      '& .MuiListItemText-primary': { fontWeight: 600 },
    },
  };
}
