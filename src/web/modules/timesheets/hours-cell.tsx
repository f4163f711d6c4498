import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** One day's hours on one project in the week grid: a plain input, read-only where hours may not change. */
export function HoursCell({
  row,
  column,
  label,
  value,
  error,
  readOnly,
  onChange,
  onCommit,
  onKeyDown,
}: {
  row: number;
  column: number;
  label: string;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  onChange: (text: string) => void;
  onCommit: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <Tooltip title={error ?? ''} open={error ? undefined : false}>
      <Box
        component="input"
        data-cell={`${row}:${column}`}
        data-testid={`cell-${row}-${column}`}
        inputMode="decimal"
        autoComplete="off"
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        aria-invalid={error ? true : undefined}
        aria-label={label}
        title={error}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={(e) => e.target.select()}
        onBlur={onCommit}
        onKeyDown={onKeyDown}
        sx={{
          width: 56,
          height: 36,
          textAlign: 'center',
          font: 'inherit',
          color: 'text.primary',
          bgcolor: readOnly ? 'transparent' : 'background.paper',
          border: 1,
          borderColor: error ? 'error.main' : readOnly ? 'transparent' : 'divider',
          borderRadius: 1,
          outline: 'none',
          '&:focus': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
          cursor: readOnly ? 'default' : 'text',
        }}
      />
    </Tooltip>
  );
}
