import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { FieldProps } from './field-props';
import { ReferencePicker } from './lookup';
import { ManageLink } from './manage-link';

/** Rows of another resource picked by name (one, or several for `refs`), with a link to keep that list for who may. */
export function ReferenceField({ name, f, label, required, off, setup }: FieldProps) {
  const { control, exclude, sources, role } = setup;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => {
        const picker = {
          resource: f.ref!.resource,
          label,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: !!error,
          helperText: error?.message,
          disabled: off,
          exclude: exclude[name],
          source: sources[name],
          where: f.ref!.where,
          name,
        };
        return (
          <Box>
            {f.type === 'refs' ? (
              <ReferencePicker {...picker} multiple value={(field.value as string[]) ?? []} onChange={field.onChange} />
            ) : (
              <ReferencePicker {...picker} required={required} value={(field.value as string) || null} onChange={field.onChange} />
            )}
            <ManageLink resource={f.ref!.resource} role={role} />
          </Box>
        );
      }}
    />
  );
}
