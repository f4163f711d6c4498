import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import { searchableResources, type SearchHit } from '../../../domain/search';
import { loadNamespaces } from '../../i18n';
import { useDebounced } from '../../components/use-debounced';
import { visuallyHidden } from '../../components/visually-hidden';
import { fetchSearch, SEARCH_DEBOUNCE_MS } from './search-api';

export interface SearchDialogProps {
  open: boolean;
  role: string | undefined;
  onClose(): void;
}

/**
 * The header's search: type, the hits of every resource the role may list come grouped by resource
 * (best first), ↑/↓ move, Enter opens the record, Escape closes. A combobox over a listbox, as the
 * WAI-ARIA pattern has it: the focus stays in the field, the active hit is its active descendant.
 * Full screen on a phone.
 */
export function SearchDialog({ open, role, onClose }: SearchDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const names = useMemo(() => searchableResources(role).map((d) => d.name), [role]);
  const { t } = useTranslation(['navbar', ...names]);
  const ids = useId();
  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  const optionId = (i: number) => `${ids}-option-${i}`;

  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // Enter pressed while the answer on screen is for earlier words: the hit is opened once the answer catches up.
  const [pendingEnter, setPendingEnter] = useState(false);
  const typed = text.trim();
  const q = useDebounced(typed, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    // The groups are named by each resource's own title.
    if (open) void loadNamespaces(names);
  }, [open, names]);

  const query = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => fetchSearch(q, signal),
    enabled: open && q.length > 0,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const answer = typed ? query.data : undefined;
  const fresh = !!answer && answer.q === typed && !query.isPlaceholderData;
  const hits = useMemo(() => answer?.groups.flatMap((g) => g.hits) ?? [], [answer]);

  useEffect(() => setActive(0), [answer]);

  const go = (hit: SearchHit | undefined) => {
    if (!hit) return;
    setText('');
    setPendingEnter(false);
    onClose();
    void navigate(hit.path);
  };

  useEffect(() => {
    if (pendingEnter && fresh) go(hits[active]);
    // `go` closes over the latest answer; it runs once the fresh answer lands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingEnter, fresh]);

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!hits.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + hits.length) % hits.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (fresh) go(hits[active]);
      else if (typed) setPendingEnter(true);
    }
  };

  const loading = !!typed && (query.isFetching || typed !== q);
  let status = '';
  if (!typed) status = t('navbar:search.hint');
  else if (query.isError && !loading) status = t('navbar:search.error');
  // The words isolated: Latin words inside an Arabic sentence keep their own direction.
  else if (fresh && !hits.length) status = t('navbar:search.empty', { q: `\u2068${typed}\u2069` });
  else if (loading && !hits.length) status = t('navbar:search.loading');

  let index = 0;
  return (
    <Dialog
      open={open}
      onClose={() => {
        setPendingEnter(false);
        onClose();
      }}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="search-dialog"
      PaperProps={{ sx: fullScreen ? {} : { alignSelf: 'flex-start', mt: '12vh', maxHeight: '70vh' } }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        {t('navbar:search.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minHeight: 56, borderBottom: 1, borderColor: 'divider' }}>
        <SearchIcon aria-hidden sx={{ color: 'text.secondary' }} />
        <InputBase
          autoFocus
          fullWidth
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPendingEnter(false);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('navbar:search.placeholder')}
          inputProps={{
            role: 'combobox',
            'aria-label': t('navbar:search.label'),
            'aria-expanded': hits.length > 0,
            'aria-autocomplete': 'list',
            'aria-controls': hits.length ? listId : undefined,
            'aria-activedescendant': hits.length ? optionId(active) : undefined,
            'data-testid': 'search-input',
            enterKeyHint: 'go',
            autoComplete: 'off',
            spellCheck: false,
          }}
          sx={{ fontSize: 16, py: 1 }}
        />
        {fullScreen && (
          <IconButton onClick={onClose} aria-label={t('navbar:search.close')} sx={{ width: 44, height: 44 }}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('navbar:search.loading')} />}</Box>
      <Box sx={{ overflowY: 'auto', flex: 1, pb: 1 }}>
        <Box role="status" aria-live="polite" data-testid="search-status" sx={{ px: 2.5, py: status ? 2 : 0, color: 'text.secondary' }}>
          {status}
          {query.isError && !loading && typed && (
            <Button size="small" onClick={() => void query.refetch()} sx={{ ml: 1 }}>
              {t('navbar:search.retry')}
            </Button>
          )}
        </Box>
        {hits.length > 0 && (
          <Box role="listbox" id={listId} aria-label={t('navbar:search.results')} sx={{ opacity: fresh ? 1 : 0.7 }}>
            {answer!.groups.map((g) => {
              const label = t(`${g.resource}:title`);
              return (
                <Box key={g.resource} role="group" aria-label={label} sx={{ pt: 1 }}>
                  <Typography aria-hidden variant="overline" component="div" sx={{ px: 2.5, color: 'text.secondary', lineHeight: 2.5 }}>
                    {label}
                  </Typography>
                  {g.hits.map((hit) => {
                    const i = index++;
                    return (
                      <Box
                        key={hit.id}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === active}
                        data-testid="search-hit"
                        onMouseMove={() => i !== active && setActive(i)}
                        onClick={() => go(hit)}
                        sx={{
                          mx: 1,
                          px: 1.5,
                          py: 0.75,
                          minHeight: 44,
                          borderRadius: 1,
                          cursor: 'pointer',
                          bgcolor: i === active ? 'action.selected' : 'transparent',
                        }}
                      >
                        <Typography noWrap>{hit.title}</Typography>
                        {hit.subtitle && (
                          // On the active hit's shade the secondary grey falls under 4.5:1.
                          <Typography noWrap variant="body2" sx={{ color: i === active ? 'text.primary' : 'text.secondary' }}>
                            {hit.subtitle}
                          </Typography>
                        )}
                      </Box>
                    );
                  })}
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
      {!fullScreen && (
        <Typography variant="caption" component="p" sx={{ px: 2.5, py: 1, borderTop: 1, borderColor: 'divider', color: 'text.secondary' }}>
          {t('navbar:search.keys')}
        </Typography>
      )}
    </Dialog>
  );
}
