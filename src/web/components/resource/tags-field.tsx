import { Controller } from 'react-hook-form';
import type { FieldProps } from './field-props';
import { TagsInput } from './tags-input';

/** Free tags (hashtags), with the ones already in use suggested. */
export function TagsField({ name, label, off, setup }: FieldProps) {
  return (
    <Controller
      name={name}
      control={setup.control}
      render={({ field, fieldState: { error } }) => (
        <TagsInput
          resource={setup.resource}
          field={name}
          label={label}
          value={(field.value as string[]) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!error}
          helperText={error?.message}
          disabled={off}
        />
      )}
    />
  );
}
