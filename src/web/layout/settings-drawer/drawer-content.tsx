import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import Contrast from '@mui/icons-material/Contrast';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import FormatTextdirectionRToL from '@mui/icons-material/FormatTextdirectionRToL';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import RestartAlt from '@mui/icons-material/RestartAlt';
import ViewCompactOutlined from '@mui/icons-material/ViewCompactOutlined';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SETTINGS,
  FONT_FAMILIES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  NAV_COLORS,
  NAV_LAYOUTS,
  PRIMARY_COLORS,
  isDefault,
  useSettings,
  type NavColor,
  type NavLayout,
} from '../../settings';
import { useResolvedMode } from '../../theme';
import { fontStack } from '../../theme/create-theme';
import { PRESETS, grey } from '../../theme/palette';
import { OptionButton, Section, SubTitle, ToggleOption } from './parts';
import { SETTINGS_DRAWER_WIDTH } from './constants';
import { useFullScreen } from './use-full-screen';

function LayoutGlyph({ layout, active }: { layout: NavLayout; active: boolean }) {
  const bar = (sx: object) => (
    <Box sx={{ borderRadius: 0.5, bgcolor: active ? 'primary.main' : grey[500], opacity: active ? 1 : 0.48, ...sx }} />
  );
  const content = <Box sx={{ flex: 1, borderRadius: 0.75, bgcolor: (t) => alpha(t.palette.grey[500], active ? 0.24 : 0.12) }} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: layout === 'horizontal' ? 'column' : 'row', gap: 0.5, width: 56, height: 36 }}>
      {layout === 'horizontal' ? bar({ height: 8 }) : bar({ width: layout === 'mini' ? 8 : 16 })}
      {content}
    </Box>
  );
}

function NavColorGlyph({ color, active }: { color: NavColor; active: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, width: 56, height: 36 }}>
      <Box
        sx={(t) => ({
          width: 16,
          borderRadius: 0.5,
          // On the dark drawer a dark bar would vanish: a lighter grey says 'stands out'.
          bgcolor: color === 'apparent' ? (t.palette.mode === 'dark' ? grey[600] : grey[800]) : 'transparent',
          border: color === 'integrate' ? `1px dashed ${alpha(t.palette.grey[500], 0.48)}` : 'none',
          outline: active ? `1px solid ${t.palette.primary.main}` : 'none',
        })}
      />
      <Box sx={{ flex: 1, borderRadius: 0.75, bgcolor: (t) => alpha(t.palette.grey[500], 0.12) }} />
    </Box>
  );
}

/** The drawer itself, loaded on first opening (keeps it out of the sign-in bundle). */
export default function SettingsDrawerContent(props: { open?: boolean; onClose?: () => void } = {}) {
  const { t } = useTranslation('settings');
  const theme = useTheme();
  const settings = useSettings();
  const mode = useResolvedMode();
  const fullScreen = useFullScreen();
  const { onUpdate, onUpdateMany, onReset, canReset } = settings;
  const open = props.open ?? settings.open;
  const onClose = props.onClose ?? settings.onClose;

  const navIsDefault = isDefault(settings, ['navLayout', 'navColor']);
  const presetIsDefault = isDefault(settings, ['primaryColor']);
  const fontIsDefault = isDefault(settings, ['fontFamily', 'fontSize']);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        backdrop: { invisible: true },
        paper: {
          sx: {
            width: SETTINGS_DRAWER_WIDTH,
            maxWidth: '100vw',
            bgcolor: alpha(theme.palette.background.default, 0.9),
            backdropFilter: 'blur(20px)',
            boxShadow: `-40px 40px 80px -8px ${alpha(mode === 'dark' ? '#000000' : theme.palette.grey[500], 0.24)}`,
          },
          role: 'dialog',
          'aria-labelledby': 'settings-drawer-title',
          'data-testid': 'settings-drawer',
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', py: 2, pr: 1, pl: 2.5 }}>
        <Typography id="settings-drawer-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Tooltip title={fullScreen.fullScreen ? t('exitFullScreen') : t('fullScreen')}>
          <IconButton
            onClick={fullScreen.onToggle}
            aria-label={fullScreen.fullScreen ? t('exitFullScreen') : t('fullScreen')}
            color={fullScreen.fullScreen ? 'primary' : 'default'}
          >
            {fullScreen.fullScreen ? <FullscreenExit /> : <Fullscreen />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('resetAll')}>
          <IconButton onClick={onReset} aria-label={t('resetAll')} data-testid="settings-reset-all">
            <Badge color="error" variant="dot" invisible={!canReset} data-testid="settings-reset-dot">
              <RestartAlt />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={t('close')}>
          <IconButton onClick={onClose} aria-label={t('close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>

      <Box sx={{ overflowY: 'auto', px: 2.5, pb: 5, display: 'flex', flexDirection: 'column', gap: 5 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2 }}>
          <ToggleOption
            testId="settings-dark-mode"
            icon={<DarkModeOutlined />}
            label={t('darkMode')}
            checked={mode === 'dark'}
            onChange={(checked) => onUpdate('colorScheme', checked ? 'dark' : 'light')}
          />
          <ToggleOption
            testId="settings-contrast"
            icon={<Contrast />}
            label={t('contrast')}
            checked={settings.contrast === 'hight'}
            onChange={(checked) => onUpdate('contrast', checked ? 'hight' : 'default')}
          />
          <ToggleOption
            testId="settings-rtl"
            icon={<FormatTextdirectionRToL />}
            label={t('rightToLeft')}
            checked={settings.direction === 'rtl'}
            onChange={(checked) => onUpdate('direction', checked ? 'rtl' : 'ltr')}
          />
          <ToggleOption
            testId="settings-compact"
            icon={<ViewCompactOutlined />}
            label={t('compact')}
            tooltip={t('compactTooltip')}
            checked={settings.compactLayout}
            onChange={(checked) => onUpdate('compactLayout', checked)}
          />
        </Box>

        <Section
          testId="settings-nav"
          title={t('nav')}
          tooltip={t('navTooltip')}
          canReset={!navIsDefault}
          resetLabel={t('reset')}
          onReset={() => onUpdateMany({ navLayout: DEFAULT_SETTINGS.navLayout, navColor: DEFAULT_SETTINGS.navColor })}
        >
          <SubTitle>{t('layout')}</SubTitle>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5, mb: 2.5 }}>
            {NAV_LAYOUTS.map((layout) => (
              <OptionButton
                key={layout}
                selected={settings.navLayout === layout}
                onClick={() => onUpdate('navLayout', layout)}
                label={t(`navLayouts.${layout}`)}
              >
                <LayoutGlyph layout={layout} active={settings.navLayout === layout} />
              </OptionButton>
            ))}
          </Box>
          <SubTitle>{t('color')}</SubTitle>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5 }}>
            {NAV_COLORS.map((color) => (
              <OptionButton
                key={color}
                selected={settings.navColor === color}
                onClick={() => onUpdate('navColor', color)}
                label={t(`navColors.${color}`)}
                height={56}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <NavColorGlyph color={color} active={settings.navColor === color} />
                  <Typography variant="caption" sx={{ fontWeight: 600 }}>
                    {t(`navColors.${color}`)}
                  </Typography>
                </Box>
              </OptionButton>
            ))}
          </Box>
        </Section>

        <Section
          testId="settings-presets"
          title={t('presets')}
          canReset={!presetIsDefault}
          resetLabel={t('reset')}
          onReset={() => onUpdate('primaryColor', DEFAULT_SETTINGS.primaryColor)}
        >
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
            {PRIMARY_COLORS.map((preset) => {
              const selected = settings.primaryColor === preset;
              const color = PRESETS[preset];
              return (
                <OptionButton
                  key={preset}
                  selected={selected}
                  onClick={() => onUpdate('primaryColor', preset)}
                  label={t(`presetNames.${preset}`)}
                >
                  <Box
                    sx={{
                      width: 28,
                      height: 28,
                      borderRadius: '50%',
                      background: `linear-gradient(135deg, ${color.light}, ${color.main})`,
                      transform: selected ? 'scale(1.15)' : 'none',
                      transition: 'transform 200ms',
                    }}
                  />
                </OptionButton>
              );
            })}
          </Box>
        </Section>

        <Section
          testId="settings-font"
          title={t('font')}
          canReset={!fontIsDefault}
          resetLabel={t('reset')}
          onReset={() => onUpdateMany({ fontFamily: DEFAULT_SETTINGS.fontFamily, fontSize: DEFAULT_SETTINGS.fontSize })}
        >
          <SubTitle>{t('family')}</SubTitle>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5, mb: 2.5 }}>
            {FONT_FAMILIES.map((family) => (
              <OptionButton
                key={family}
                selected={settings.fontFamily === family}
                onClick={() => onUpdate('fontFamily', family)}
                label={family}
                height={72}
              >
                <Typography component="span" sx={{ fontFamily: fontStack(family), fontSize: 20, fontWeight: 600 }} aria-hidden>
                  Aa
                </Typography>
                <Typography component="span" variant="caption" sx={{ fontFamily: fontStack(family), fontWeight: 600 }}>
                  {family.replace(/ Variable$/, '')}
                </Typography>
              </OptionButton>
            ))}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <SubTitle>{t('size')}</SubTitle>
            <Typography variant="caption" sx={{ fontWeight: 600 }} data-testid="settings-font-size-value">
              {settings.fontSize}px
            </Typography>
          </Box>
          <Box sx={{ px: 1 }}>
            <Slider
              size="small"
              value={settings.fontSize}
              min={FONT_SIZE_MIN}
              max={FONT_SIZE_MAX}
              step={1}
              marks
              valueLabelDisplay="auto"
              valueLabelFormat={(v) => `${v}px`}
              getAriaValueText={(v) => `${v}px`}
              aria-label={t('size')}
              onChange={(_e, v) => onUpdate('fontSize', Array.isArray(v) ? v[0] : v)}
            />
          </Box>
        </Section>
      </Box>
    </Drawer>
  );
}
