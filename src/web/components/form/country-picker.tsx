import { useMemo, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, countryName } from '../../../domain/countries';
import { FORMAT_LOCALES } from '../../i18n/format';
import { getLang } from '../../i18n/langs';
import { rankMatches } from '../resource/rank-matches';

type Country = { code: string; label: string };

/** The countries named in the reader's language, in that language's alphabetical order. */
export function useCountries(): { options: Country[]; byCode: Map<string, Country> } {
  const { i18n } = useTranslation();
  const locale = FORMAT_LOCALES[getLang(i18n.resolvedLanguage ?? i18n.language).value];
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    const options = COUNTRY_CODES.map((code) => ({ code, label: countryName(code, locale) })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
    return { options, byCode: new Map(options.map((c) => [c.code, c])) };
  }, [locale]);
}

// One function each for every render: the picker rewrites what was typed when these change.
const getOptionLabel = (c: Country) => c.label;
const isOptionEqualToValue = (a: Country, b: Country) => a.code === b.code;

/**
 * Names that start with what was typed first, then a word of them, then the rest that holds it
 * (accents and case aside); a code typed whole ("de") comes first.
 */
function filterOptions(list: Country[], { inputValue }: { inputValue: string }): Country[] {
  const typed = inputValue.trim();
  const ranked = rankMatches(list, typed, true);
  const byItsCode = list.find((c) => c.code === typed.toUpperCase());
  return byItsCode ? [byItsCode, ...ranked.filter((c) => c !== byItsCode)] : ranked;
}

function renderOption(liProps: HTMLAttributes<HTMLLIElement> & { key?: string }, c: Country) {
  const { key, ...rest } = liProps;
  return (
    <li key={key ?? c.code} {...rest} data-country={c.code}>
      {c.label}
    </li>
  );
}

type Common = {
  label: string;
  name?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
};

type Props = Common &
  (
    | { multiple?: false; value: string | null; onChange: (code: string | null) => void }
    | { multiple: true; value: string[]; onChange: (codes: string[]) => void }
  );

/**
 * A country picked by typing its name in the reader's language ("Allem" finds Allemagne in French,
 * accents and case aside) or its ISO code; it holds the code. One country on a form, any of them in
 * a list's filter bar.
 */
export function CountryPicker(props: Props) {
  const { t } = useTranslation();
  const { options, byCode } = useCountries();
  // A value that is not a code (none is left since the codes came) shows as it is rather than vanishing.
  const toCountry = (code: string): Country => byCode.get(code) ?? { code, label: code };
  const common = {
    options,
    size: props.size,
    disabled: props.disabled,
    autoHighlight: true,
    getOptionLabel,
    isOptionEqualToValue,
    filterOptions,
    renderOption,
    noOptionsText: t('common:resource.noOptions'),
    renderInput: (params: object) => (
      <TextField
        {...params}
        name={props.name}
        label={props.label}
        required={props.required}
        error={props.error}
        helperText={props.helperText}
        inputRef={props.inputRef}
        onBlur={props.onBlur}
      />
    ),
  };
  if (props.multiple) {
    return (
      <Autocomplete
        {...common}
        multiple
        value={props.value.map(toCountry)}
        onChange={(_, picked) => props.onChange(picked.map((c) => c.code))}
        renderTags={(picked, getTagProps) =>
          picked.map((c, index) => <Chip size="small" label={c.label} {...getTagProps({ index })} key={c.code} />)
        }
      />
    );
  }
  return (
    <Autocomplete {...common} value={props.value ? toCountry(props.value) : null} onChange={(_, c) => props.onChange(c?.code ?? null)} />
  );
}
