import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { TFunction } from 'i18next';
import type { WidgetSetup } from './field-props';
import { FieldWidget } from './field-widget';
import type { NamedRows } from './form-refusal';
import { OtherRowLink } from './other-row-link';

/** The form's fields, two columns on a wide screen, each with the row a refusal named under it; a skeleton each while the record loads. */
export function FormFieldsGrid({
  names,
  loading,
  others,
  route,
  setup,
  t,
}: {
  names: string[];
  loading: boolean;
  others: NamedRows;
  route: string;
  setup: WidgetSetup;
  t: TFunction;
}) {
  if (loading)
    return (
      <Stack spacing={3} data-testid="form-skeleton">
        {names.map((n) => (
          <Skeleton key={n} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {names.map((n) =>
        others[n] ? (
          <Box key={n}>
            <FieldWidget name={n} setup={setup} />
            <OtherRowLink field={n} route={route} row={others[n]} t={t} />
          </Box>
        ) : (
          <FieldWidget key={n} name={n} setup={setup} />
        ),
      )}
    </Box>
  );
}
