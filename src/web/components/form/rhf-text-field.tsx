import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: Path<T>;
};

/** A MUI text field bound to the surrounding react-hook-form; shows its field error. */
export function RHFTextField<T extends FieldValues>({ name, helperText, type, ...other }: Props<T>) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => {
            const v = event.target.value;
            field.onChange(type === 'number' ? (v === '' ? null : Number(v)) : v);
          }}
          type={type}
          fullWidth
          error={!!error}
          helperText={error?.message ?? helperText}
          {...other}
          slotProps={{
            ...other.slotProps,
            htmlInput: {
              'aria-invalid': !!error,
              ...(other.slotProps?.htmlInput as object),
            },
            inputLabel: {
              shrink: type === 'date' ? true : undefined,
              ...(other.slotProps?.inputLabel as object),
            },
          }}
        />
      )}
    />
  );
}
