import { Controller } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { CountryPicker } from '../form/country-picker';
import { RHFTextField } from '../form/rhf-text-field';
import type { FieldProps } from './field-props';

/** One value of a list: a country picked by its name, else a select of the values (a page may narrow them), blank when optional. */
export function EnumField({ name, f, label, required, off, setup }: FieldProps) {
  const { meta, plan, control, choices } = setup;
  if (f.display === 'country')
    return (
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState: { error } }) => (
          <CountryPicker
            name={name}
            label={label}
            required={required}
            disabled={off}
            value={(field.value as string) || null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!error}
            helperText={error?.message}
          />
        )}
      />
    );
  const optional = plan.shape[name]!.safeParse(null).success;
  const values = choices[name] ?? f.values ?? [];
  return (
    <RHFTextField name={name} label={label} select required={required} disabled={off}>
      {optional && (
        <MenuItem value="">
          <em>{meta.t('common:resource.none')}</em>
        </MenuItem>
      )}
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {meta.valueLabel(name, v)}
        </MenuItem>
      ))}
    </RHFTextField>
  );
}
