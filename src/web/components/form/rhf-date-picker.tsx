import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { DATE_MAX, DATE_MIN } from '../../../domain/constants';
import { PickersLocalization } from '../../theme/pickers-localization';

type Props<T extends FieldValues> = { name: Path<T>; label: string; required?: boolean };

/**
 * The field's digits run left to right in every language; each part (day, month, year)
 * is isolated so that right-to-left placeholders (Arabic يوم/شهر/سنة) keep that order too,
 * instead of reading the other way round from the date typed into them.
 */
const SECTIONS_SX = { '& .MuiPickersSectionList-sectionContent': { unicodeBidi: 'isolate' } } as const;

/**
 * A date picker bound to react-hook-form, holding `YYYY-MM-DD` strings, limited to the
 * spec's 1900-01-01 … 2099-12-31. A date typed half-way stays in the form as text so that
 * the form's schema reports it on the field instead of silently dropping it.
 */
export function RHFDatePicker<T extends FieldValues>({ name, label, required }: Props<T>) {
  const { control } = useFormContext<T>();
  return (
    <PickersLocalization>
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState: { error } }) => (
          <DatePicker
            label={label}
            value={field.value ? dayjs(field.value) : null}
            onChange={(value) => field.onChange(value ? (value.isValid() ? value.format('YYYY-MM-DD') : 'invalid') : null)}
            minDate={dayjs(DATE_MIN)}
            maxDate={dayjs(DATE_MAX)}
            inputRef={field.ref}
            slotProps={{
              textField: {
                name,
                required,
                fullWidth: true,
                onBlur: field.onBlur,
                error: !!error,
                helperText: error?.message,
                sx: SECTIONS_SX,
              },
            }}
          />
        )}
      />
    </PickersLocalization>
  );
}
