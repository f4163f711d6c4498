import { Controller } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { RHFDatePicker } from '../form/rhf-date-picker';
import { RHFTextField } from '../form/rhf-text-field';
import { EnumField } from './enum-field';
import type { FieldProps, WidgetSetup } from './field-props';
import { isRequired } from './form-field-plan';
import { MoneyField } from './money-field';
import { ReferenceField } from './reference-field';
import { TagsField } from './tags-field';

/** A field's widget, by its declared type. */
export function FieldWidget({ name, setup }: { name: string; setup: WidgetSetup }) {
  const f = setup.meta.decl.fields[name]!;
  const props: FieldProps = {
    name,
    f,
    label: setup.meta.fieldLabel(name),
    required: isRequired(setup.plan, name),
    off: setup.disabled.includes(name),
    setup,
  };
  const { label, required, off } = props;
  switch (f.type) {
    case 'enum':
      return <EnumField {...props} />;
    case 'boolean':
      return (
        <Controller
          name={name}
          control={setup.control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={off} />}
              label={label}
            />
          )}
        />
      );
    case 'date':
      return <RHFDatePicker name={name} label={label} required={required} />;
    case 'int':
    case 'decimal':
      return <RHFTextField name={name} label={label} type="number" required={required} disabled={off} />;
    case 'money':
      return <MoneyField {...props} />;
    case 'tags':
      return <TagsField {...props} />;
    case 'ref':
    case 'refs':
      return <ReferenceField {...props} />;
    default:
      return (
        <RHFTextField
          name={name}
          label={label}
          required={required}
          disabled={off}
          type={f.type === 'email' ? 'email' : f.type === 'password' ? 'password' : undefined}
          autoComplete={f.type === 'password' ? 'new-password' : f.type === 'email' ? 'off' : undefined}
          multiline={f.type === 'text'}
          minRows={f.type === 'text' ? 3 : undefined}
        />
      );
  }
}
