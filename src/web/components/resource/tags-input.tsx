import { useState, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../domain/resources';
import { http } from '../../providers/http';
import { resourceUrl } from '../../providers/data-provider';
import { rankMatches } from './rank-matches';

export type TagCount = { tag: string; count: number };

/** A tag as the server keeps it: trimmed, lower-cased, single spaces. */
export const normaliseTag = (tag: string) => tag.trim().toLowerCase().replace(/\s+/g, ' ');

/** The tags in use for a field with declared `suggestions`, most used first. */
export function useTagSuggestions(resource: string, field: string): TagCount[] {
  const source = resourceByName(resource)?.fields[field]?.suggestions;
  const { data = [] } = useQuery({
    queryKey: ['tags', resource, field],
    queryFn: async () => (await http.get<TagCount[]>(`${resourceUrl(resource)}/${source}`)).data,
    enabled: !!source,
    staleTime: 60_000,
  });
  return data;
}

type Props = {
  resource: string;
  field: string;
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  size?: 'small' | 'medium';
  /** Only tags in use can be picked (a filter): a new one would match nothing. */
  existingOnly?: boolean;
};

/**
 * Free tags: type and press Enter (or a comma) to add one, or pick one in use with its count.
 * Tags are normalised as the server keeps them, so "Java" and "java" are one tag.
 */
export function TagsInput({
  resource,
  field,
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
  inputRef,
  onBlur,
  size,
  existingOnly,
}: Props) {
  const { t } = useTranslation();
  const suggestions = useTagSuggestions(resource, field);
  const counts = new Map(suggestions.map((s) => [s.tag, s.count]));
  const [input, setInput] = useState('');
  const commit = (tags: string[]) => onChange([...new Set(tags.map(normaliseTag).filter(Boolean))]);
  return (
    <Autocomplete
      multiple
      freeSolo={!existingOnly}
      size={size}
      disabled={disabled}
      options={suggestions.map((s) => s.tag)}
      value={value}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        // A comma ends a tag, as in most tag inputs.
        if (reason === 'input' && next.includes(',') && !existingOnly) {
          commit([...value, ...next.split(',').slice(0, -1)]);
          setInput(next.split(',').pop() ?? '');
        } else setInput(next);
      }}
      onChange={(_, next) => commit(next)}
      onBlur={() => {
        // What is typed but not yet added is kept, not lost: added as a tag, or (a filter, which
        // takes tags in use only) left in the field to finish.
        if (!existingOnly) {
          if (input.trim()) commit([...value, input]);
          setInput('');
        }
        onBlur?.();
      }}
      clearOnBlur={false}
      autoHighlight={existingOnly}
      // Tags that start with what is typed first, then those that contain it; most used first among equals.
      filterOptions={(options, state) =>
        rankMatches(
          options.map((tag) => ({ label: tag })),
          state.inputValue,
          true,
        ).map((o) => o.label)
      }
      filterSelectedOptions
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Stack component="li" key={key} {...rest} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <span dir="auto">#{option}</span>
            {counts.has(option) && <span aria-label={t('common:tags.count', { count: counts.get(option) })}>{counts.get(option)}</span>}
          </Stack>
        );
      }}
      renderTags={(tags, getTagProps) =>
        tags.map((tag, index) => <Chip size="small" label={`#${tag}`} dir="auto" {...getTagProps({ index })} key={tag} />)
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText ?? (existingOnly ? undefined : t('common:tags.help'))}
          inputRef={inputRef}
          name={field}
        />
      )}
    />
  );
}

/** Tags as chips: wrapped on detail pages, on one clipped line in a list's row (`nowrap`). */
export function TagChips({ tags, nowrap = false }: { tags: readonly string[]; nowrap?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: nowrap ? 'nowrap' : 'wrap', overflow: 'hidden' }}
      title={nowrap ? tags.map((t) => `#${t}`).join(' ') : undefined}
    >
      {tags.map((tag) => (
        <Chip key={tag} size="small" variant="outlined" label={`#${tag}`} dir="auto" />
      ))}
    </Stack>
  );
}
