import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import type { FieldDecl } from '../../../domain/resource';
import { can } from '../../../domain/resources';
import { useAuthContext } from '../../providers/auth-context';
import { CountryPicker } from '../form/country-picker';
import { DayField, MonthField } from '../form/month-field';
import type { ListState } from './list-params';
import { ReferencePicker } from './lookup';
import { TagsInput } from './tags-input';
import type { ResourceMeta } from './use-resource';

type Props = {
  meta: ResourceMeta;
  state: ListState;
  onChange: (next: Pick<ListState, 'q' | 'filters'>) => void;
  /** Fields fixed by the page (an embedded list): not offered. */
  fixed?: Record<string, string>;
};

/** A text input that reports its value after a pause in typing. */
function DebouncedField({
  value,
  onCommit,
  ...rest
}: { value: string; onCommit: (v: string) => void } & Omit<Parameters<typeof TextField>[0], 'onChange' | 'value'>) {
  const [v, setV] = useState(value);
  // A new value from the list's state replaces the text when it changes, and only then. An effect
  // ran after the first render too: text typed between the box's first paint and React running that
  // render's effects was overwritten with the starting value, and its search never left.
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setV(value);
  }
  // The latest commit, not the one of the render that saw the typing: the list's other state (the
  // Archived view switched on meanwhile) is kept when the pause ends.
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => {
    if (v === value) return;
    const timer = setTimeout(() => commit.current(v), 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [v]);
  return <TextField {...rest} value={v} onChange={(e) => setV(e.target.value)} />;
}

/**
 * The filter bar generated from the declared filters, kept outside the grid (the free
 * DataGrid holds one column filter): enums pick any of their values, references search the
 * server, ranges take from/to, and every 'search' field is part of the one search box `q`.
 */
export function FilterBar({ meta, state, onChange, fixed = {} }: Props) {
  const { t, fields, fieldLabel, valueLabel, decl } = meta;
  // What the user chose shows at once and is what the next choice builds on: the list's state
  // comes back from the address in a transition, and a second pick made before it lands (All,
  // then a value) would otherwise add to the first pick instead of replacing it.
  const [shown, setShown] = useState<Pick<ListState, 'q' | 'filters'>>({ q: state.q, filters: state.filters });
  useEffect(() => setShown({ q: state.q, filters: state.filters }), [state.q, state.filters]);
  const change = (next: Pick<ListState, 'q' | 'filters'>) => {
    setShown(next);
    onChange(next);
  };
  const [more, setMore] = useState(false);
  // On a phone the filters fold behind one button, so the first rows are on the first screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [unfolded, setUnfolded] = useState(false);
  const set = (key: string, values: string[]) => {
    const filters = { ...shown.filters };
    if (values.length) filters[key] = values;
    else delete filters[key];
    change({ q: shown.q, filters });
  };
  const { role } = useAuthContext();
  // A reference the caller may not look up has no picker to offer (a developer's own tickets by requester).
  const pickable = (f: FieldDecl) => !f.ref || can(role, f.ref.resource, 'lookup');
  const usable = fields.filter(([name, f]) => f.filter && f.filter !== 'search' && !(name in fixed) && pickable(f));
  const main = usable.filter(([, f]) => f.filter === 'eq');
  const ranges = usable.filter(([, f]) => f.filter === 'range');
  const rangeCount = ranges.filter(([n]) => shown.filters[`${n}_gte`] || shown.filters[`${n}_lte`]).length;
  const hasSearch = fields.some(([, f]) => f.filter === 'search');
  const active = Object.keys(shown.filters).length > 0 || !!shown.q;
  // A range counts once, whether one or both of its ends are set.
  const activeCount = new Set(Object.keys(shown.filters).map((k) => k.replace(/_(gte|lte)$/, ''))).size;

  const eqFilter = (name: string, f: FieldDecl) => {
    const values = shown.filters[name] ?? [];
    const label = fieldLabel(name);
    if (f.display === 'country')
      return (
        <Box key={name} sx={{ minWidth: '12rem', flex: '1 1 12rem', maxWidth: { md: '20rem' } }}>
          <CountryPicker multiple size="small" label={label} value={values} onChange={(codes) => set(name, codes)} />
        </Box>
      );
    if (f.type === 'enum') {
      // Wide enough for the longest choice's chip whole (Vietnamese 'Trưởng nhóm kinh doanh'),
      // in rem so that it grows with the font size setting: about half an em a character, plus
      // the chip's padding and delete icon and the input's open and clear buttons.
      const longest = Math.max(...(f.values ?? []).map((v) => valueLabel(name, v).length), label.length);
      const width = `${Math.max(12, Math.ceil(longest * 0.55) + 7)}rem`;
      // '' is the "All" choice: it clears the filter.
      return (
        <Autocomplete
          key={name}
          multiple
          size="small"
          options={['', ...(f.values ?? [])]}
          value={values}
          onChange={(_, next) => set(name, next.includes('') ? [] : next)}
          getOptionLabel={(v) => (v === '' ? t('common:resource.all') : valueLabel(name, v))}
          renderTags={(vs, getTagProps) =>
            vs.map((v, index) => <Chip size="small" label={valueLabel(name, v)} {...getTagProps({ index })} key={v} />)
          }
          renderInput={(params) => <TextField {...params} label={label} />}
          sx={{ minWidth: width, flex: `1 1 ${width}`, maxWidth: { md: `max(20rem, ${width})` } }}
        />
      );
    }
    if (f.type === 'tags') {
      return (
        <Box key={name} sx={{ minWidth: '12rem', flex: '1 1 12rem', maxWidth: { md: '20rem' } }}>
          <TagsInput
            existingOnly
            size="small"
            resource={decl.name}
            field={name}
            label={label}
            value={values}
            onChange={(tags) => set(name, tags)}
          />
        </Box>
      );
    }
    if ((f.type === 'ref' || f.type === 'refs') && f.ref) {
      return (
        <Box key={name} sx={{ minWidth: '12rem', flex: '1 1 12rem', maxWidth: { md: '20rem' } }}>
          <ReferencePicker
            multiple
            size="small"
            resource={f.ref.resource}
            where={f.ref.where}
            label={label}
            value={values}
            onChange={(ids) => set(name, ids)}
          />
        </Box>
      );
    }
    if (f.type === 'boolean')
      // Yes or no, or either ('' clears the filter): a text box would take anything and offer nothing.
      return (
        <TextField
          key={name}
          select
          size="small"
          label={label}
          value={values[0] ?? ''}
          onChange={(e) => set(name, e.target.value ? [e.target.value] : [])}
          sx={{ minWidth: '9rem', flex: '1 1 9rem', maxWidth: { md: '12rem' } }}
        >
          <MenuItem value="">{t('common:resource.all')}</MenuItem>
          <MenuItem value="true">{t('common:yes')}</MenuItem>
          <MenuItem value="false">{t('common:no')}</MenuItem>
        </TextField>
      );
    if (f.display === 'month')
      return (
        <MonthField
          key={name}
          size="small"
          label={label}
          value={values[0] ?? ''}
          onChange={(v) => set(name, v ? [v] : [])}
          sx={{ minWidth: '11rem', flex: '1 1 11rem', maxWidth: { md: '14rem' } }}
        />
      );
    return (
      <DebouncedField
        key={name}
        size="small"
        label={label}
        value={values[0] ?? ''}
        onCommit={(v) => set(name, v.trim() ? [v.trim()] : [])}
        sx={{ minWidth: '9rem', flex: '1 1 9rem', maxWidth: { md: '14rem' } }}
      />
    );
  };

  const rangeFilter = (name: string, f: FieldDecl) => {
    const type = f.type === 'date' || f.type === 'datetime' ? 'date' : f.display === 'month' ? 'month' : 'number';
    // A datetime's "to" day includes the whole day.
    const toValue = (v: string) => (f.type === 'datetime' && v ? `${v}T23:59:59.999Z` : v);
    const fromValue = (v: string) => (f.type === 'datetime' && v ? v.slice(0, 10) : v);
    return ['gte', 'lte'].map((op) => {
      const key = `${name}_${op}`;
      const common = {
        size: 'small' as const,
        label: t(op === 'gte' ? 'common:resource.from' : 'common:resource.to', { field: fieldLabel(name) }),
        value: fromValue(shown.filters[`${name}_${op}`]?.[0] ?? ''),
        sx: { minWidth: '10rem', flex: '1 1 10rem', maxWidth: { md: '13rem' } },
      };
      const commit = (v: string) => set(`${name}_${op}`, v ? [op === 'lte' ? toValue(v) : v] : []);
      // Dates and months in the reader's language (the browser's own inputs write in the browser's).
      if (type === 'date') return <DayField key={key} {...common} onChange={commit} />;
      if (type === 'month') return <MonthField key={key} {...common} onChange={commit} />;
      return <DebouncedField key={key} {...common} type="number" onCommit={commit} slotProps={{ inputLabel: { shrink: true } }} />;
    });
  };

  const search = hasSearch && (
    <DebouncedField
      size="small"
      value={shown.q}
      onCommit={(q) => change({ q, filters: shown.filters })}
      placeholder={t(`${decl.name}:search`)}
      slotProps={{
        htmlInput: { 'aria-label': t(`${decl.name}:search`), type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
      sx={{ flex: '2 1 14rem' }}
    />
  );
  const clear = active && (
    <Button color="inherit" onClick={() => change({ q: '', filters: {} })}>
      {t('common:resource.clearFilters')}
    </Button>
  );

  if (phone) {
    const foldable = main.length + ranges.length > 0;
    return (
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid={`${decl.name}-filters`}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {search}
          {foldable && (
            <Button
              color="inherit"
              onClick={() => setUnfolded((u) => !u)}
              aria-expanded={unfolded}
              aria-label={activeCount ? t('common:resource.filtersActive', { count: activeCount }) : t('common:resource.filters')}
              data-testid="filters-toggle"
              sx={{ flexShrink: 0, minHeight: 44 }}
              startIcon={
                <Badge color="primary" badgeContent={activeCount || null} data-testid="filters-count">
                  <FilterListIcon />
                </Badge>
              }
            >
              {t('common:resource.filters')}
            </Button>
          )}
        </Box>
        <Collapse in={unfolded} unmountOnExit>
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              gap: 1.5,
              '& > *': { flex: 'none !important', maxWidth: 'none !important', minWidth: '0 !important' },
            }}
          >
            {main.map(([n, f]) => eqFilter(n, f))}
            {ranges.map(([n, f]) => rangeFilter(n, f))}
            {clear}
          </Box>
        </Collapse>
        {!unfolded && clear}
      </Box>
    );
  }

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid={`${decl.name}-filters`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {main.map(([n, f]) => eqFilter(n, f))}
        {search}
        {ranges.length > 0 && (
          <Button
            color="inherit"
            onClick={() => setMore((m) => !m)}
            aria-expanded={more}
            startIcon={
              <Badge color="primary" variant="dot" invisible={!rangeCount}>
                <FilterListIcon />
              </Badge>
            }
          >
            {t('common:resource.moreFilters')}
          </Button>
        )}
        {clear}
      </Box>
      {ranges.length > 0 && (
        <Collapse in={more || rangeCount > 0} unmountOnExit>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>{ranges.map(([n, f]) => rangeFilter(n, f))}</Box>
        </Collapse>
      )}
    </Box>
  );
}
