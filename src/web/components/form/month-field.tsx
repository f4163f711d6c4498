import dayjs from 'dayjs';
import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DATE_MAX, DATE_MIN } from '../../../domain/constants';
import { PickersLocalization } from '../../theme/pickers-localization';

// Month and day inputs outside a form (filters, toolbars, dialogs). The browser's own month and
// date inputs write in the browser's language ("November 2026", "11/28/2026" on an English
// browser whatever the app's language); the date pickers write in the app's (pickers-localization).

type Props = {
  label: string;
  /** 'YYYY-MM' (MonthField) or 'YYYY-MM-DD' (DayField); '' when empty. */
  value: string;
  /** The new value in the same form, '' when cleared or not a whole date yet. */
  onChange: (value: string) => void;
  size?: 'small' | 'medium';
  required?: boolean;
  /** The earliest and latest values offered, in the field's own form. */
  min?: string;
  max?: string;
  /** On the field's root, for the tests: the field itself is a group of spin buttons. */
  testId?: string;
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
};

/** Digits run left to right in every language; each section isolated (as in rhf-date-picker). */
const SECTIONS_SX = { '& .MuiPickersSectionList-sectionContent': { unicodeBidi: 'isolate' } } as const;

function Picker({ kind, label, value, onChange, size, required, min, max, testId, sx, fullWidth }: Props & { kind: 'month' | 'day' }) {
  const month = kind === 'month';
  const parse = (v: string) => dayjs(month ? `${v}-01` : v);
  const parsed = value ? parse(value) : null;
  return (
    <PickersLocalization>
      <DatePicker
        label={label}
        value={parsed?.isValid() ? parsed : null}
        // A value half typed (year 0002 on the way to 2026) or out of range is not reported: the field
        // keeps what is typed, and the page never queries a month it was not given.
        onChange={(v, { validationError }) => {
          if (!v) onChange('');
          else if (v.isValid() && !validationError) onChange(v.format(month ? 'YYYY-MM' : 'YYYY-MM-DD'));
        }}
        {...(month && { views: ['year', 'month'] as const, openTo: 'month' as const })}
        // Vietnamese month names carry their number ("tháng 11"): as a letters section the picker reads
        // no value from them (aria-valuenow NaN), so the month is a number there.
        {...(month && dayjs.locale() === 'vi' && { format: 'MM/YYYY' })}
        minDate={parse(min ?? (month ? DATE_MIN.slice(0, 7) : DATE_MIN))}
        maxDate={parse(max ?? (month ? DATE_MAX.slice(0, 7) : DATE_MAX))}
        slotProps={{
          textField: {
            size,
            required,
            fullWidth,
            sx: [SECTIONS_SX, ...(Array.isArray(sx) ? (sx as SxProps<Theme>[]) : sx ? [sx] : [])] as SxProps<Theme>,
            ...(testId && { 'data-testid': testId }),
          },
        }}
      />
    </PickersLocalization>
  );
}

/** A month ('YYYY-MM') in the reader's language: "novembre 2026", "tháng 11 2026". */
export function MonthField(props: Props) {
  return <Picker kind="month" {...props} />;
}

/** A day ('YYYY-MM-DD') in the reader's language and date order. */
export function DayField(props: Props) {
  return <Picker kind="day" {...props} />;
}
