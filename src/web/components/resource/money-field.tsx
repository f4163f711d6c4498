import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { CURRENCIES } from '../../../domain/fields';
import { RHFTextField } from '../form/rhf-text-field';
import type { FieldProps } from './field-props';

/** An amount, with its currency's picker beside it when it is the first amount in that currency. */
export function MoneyField({ name, f, label, required, off, setup }: FieldProps) {
  const { meta, plan } = setup;
  return (
    <Stack direction="row" spacing={1}>
      <RHFTextField name={name} label={label} type="number" required={required} disabled={off} />
      {f.currencyField && plan.currencyOwner.get(f.currencyField) === name && (
        <RHFTextField name={f.currencyField} label={meta.fieldLabel(f.currencyField)} select sx={{ maxWidth: 120 }} disabled={off}>
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </RHFTextField>
      )}
    </Stack>
  );
}
