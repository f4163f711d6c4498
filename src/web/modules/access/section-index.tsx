import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AccessMatrix } from '../../../domain/modules/access/access.schema';
import { LAYOUT } from '../../layout/layout-config';
import { groupLikeNavigation, headingAnchor } from './access-labels';

/**
 * The matrix's headings as links, grouped as the navigation groups them: a click (or Enter) scrolls
 * the page to the heading and puts the focus there, so that Tab goes on from that section. Beside the
 * matrix and sticking on wide screens; above it, wrapping, on narrow ones.
 */
export function SectionIndex({ matrix }: { matrix: AccessMatrix }) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupLikeNavigation(matrix.sections), [matrix]);
  const jump = (e: MouseEvent, id: string) => {
    const target = document.getElementById(headingAnchor(id));
    if (!target) return;
    e.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    history.replaceState(history.state, '', `#${headingAnchor(id)}`);
  };
  return (
    <Box
      component="nav"
      aria-labelledby="access-index-title"
      data-testid="access-index"
      sx={{
        flexShrink: 0,
        width: { lg: 220 },
        position: { lg: 'sticky' },
        top: { lg: LAYOUT.headerHeightMobile + 16 },
        maxHeight: { lg: `calc(100vh - ${LAYOUT.headerHeightMobile + 32}px)` },
        overflowY: { lg: 'auto' },
      }}
    >
      <Typography id="access-index-title" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('access:index.title')}
      </Typography>
      {groups.map((group) => (
        <Box key={group.id} sx={{ mb: 1.5 }}>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 2 }}>
            {t(group.subheaderKey)}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'flex',
              flexDirection: { xs: 'row', lg: 'column' },
              flexWrap: 'wrap',
              gap: { xs: 1, lg: 0 },
            }}
          >
            {group.headings.map((h) => (
              <li key={h.id}>
                <Link
                  href={`#${headingAnchor(h.id)}`}
                  onClick={(e) => jump(e, h.id)}
                  underline="hover"
                  data-testid={`access-index-${h.id}`}
                  sx={{ display: 'inline-block', py: { xs: 0.75, lg: 0.5 }, minHeight: 24 }}
                >
                  {t(h.titleKey)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
