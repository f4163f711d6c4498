import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';

/** An info icon whose tooltip also reaches keyboard and screen-reader users. */
function InfoTip({ title, sx }: { title: string; sx: object }) {
  return (
    <Tooltip title={title} arrow placement="top">
      <Box
        component="span"
        role="img"
        tabIndex={0}
        aria-label={title}
        sx={{ display: 'inline-flex', borderRadius: '50%', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        onClick={(e) => e.preventDefault()}
      >
        <InfoOutlined sx={sx} />
      </Box>
    </Tooltip>
  );
}

/** A toggle card: the whole card is the switch's label. */
export function ToggleOption(props: {
  icon: ReactNode;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  tooltip?: string;
  testId?: string;
}) {
  const { icon, label, checked, onChange, tooltip, testId } = props;
  return (
    <Box
      component="label"
      data-testid={testId}
      sx={(theme) => ({
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: 2,
        borderRadius: 2,
        cursor: 'pointer',
        border: `1px solid ${alpha(theme.palette.grey[500], 0.12)}`,
        color: checked ? 'text.primary' : 'text.secondary',
        bgcolor: checked ? alpha(theme.palette.grey[500], 0.08) : 'transparent',
        '&:hover': { bgcolor: alpha(theme.palette.grey[500], 0.08) },
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', color: checked ? 'primary.main' : 'inherit' }}>{icon}</Box>
        <Switch
          size="small"
          checked={checked}
          onChange={(_e, value) => onChange(value)}
          slotProps={{ input: { 'aria-label': label } }}
          sx={{ mr: -1 }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="subtitle2" component="span" sx={{ fontSize: 13 }}>
          {label}
        </Typography>
        {tooltip && <InfoTip title={tooltip} sx={{ fontSize: 16, color: 'text.disabled' }} />}
      </Box>
    </Box>
  );
}

/** A framed group with a floating label, optional info tooltip and its own reset control. */
export function Section(props: {
  title: string;
  tooltip?: string;
  canReset: boolean;
  onReset: () => void;
  resetLabel: string;
  children: ReactNode;
  testId?: string;
}) {
  const { title, tooltip, canReset, onReset, resetLabel, children, testId } = props;
  return (
    <Box
      data-testid={testId}
      component="section"
      aria-label={title}
      sx={(theme) => ({
        position: 'relative',
        px: 2,
        pt: 3.5,
        pb: 2,
        borderRadius: 2,
        border: `1px solid ${alpha(theme.palette.grey[500], 0.12)}`,
      })}
    >
      <Box
        sx={{
          position: 'absolute',
          top: -13,
          insetInlineStart: 12,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1.25,
          height: 26,
          borderRadius: 13,
          bgcolor: 'text.primary',
          color: 'background.paper',
        }}
      >
        <Typography component="h3" variant="subtitle2" sx={{ fontSize: 13, lineHeight: 1 }}>
          {title}
        </Typography>
        {tooltip && <InfoTip title={tooltip} sx={{ fontSize: 14, opacity: 0.8 }} />}
        {canReset && (
          <Tooltip title={resetLabel} arrow placement="top">
            <IconButton size="small" onClick={onReset} aria-label={`${resetLabel} ${title}`} sx={{ p: 0.25, color: 'inherit' }}>
              <RestartAlt sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {children}
    </Box>
  );
}

export function SubTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" component="h4" sx={{ display: 'block', mb: 1, fontWeight: 600, color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}

/** A selectable option (aria-pressed) used for layouts, colours, presets and fonts. */
export function OptionButton(props: { selected: boolean; onClick: () => void; label: string; children: ReactNode; height?: number }) {
  const { selected, onClick, label, children, height = 64 } = props;
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={label}
      aria-pressed={selected}
      title={label}
      sx={(theme) => ({
        width: 1,
        height,
        flexDirection: 'column',
        gap: 0.75,
        borderRadius: 1.5,
        border: `1px solid ${selected ? alpha(theme.palette.primary.main, 0.48) : alpha(theme.palette.grey[500], 0.12)}`,
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        boxShadow: selected ? `-8px 8px 20px -4px ${alpha(theme.palette.grey[500], 0.16)}` : 'none',
        color: selected ? 'text.primary' : 'text.secondary',
        '&:hover': { bgcolor: alpha(theme.palette.grey[500], 0.08) },
      })}
    >
      {children}
    </ButtonBase>
  );
}
