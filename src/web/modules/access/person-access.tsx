import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PersonAccess } from '../../../domain/modules/access/access.schema';
import { ErrorState } from '../../components/error-state';
import { ReferencePicker } from '../../components/resource/lookup';
import { http } from '../../providers/http';
import { actionWords, groupLikeNavigation, resourceName } from './access-labels';
import { ScopeNote } from './scope-note';

const REASON_COLOR = { default: 'default', granted: 'success', revoked: 'error' } as const;

/** Pick a person: what they can reach, section by section, and why (the spec's default, or the firm's change and its note). */
export function PersonAccessPanel() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(null);
  const person = useQuery({
    queryKey: ['access', 'person', userId],
    queryFn: async () => (await http.get<PersonAccess>(`/api/v1/access/users/${userId}`)).data,
    enabled: !!userId,
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('access:person.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('access:person.hint')}
        </Typography>
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <ReferencePicker resource="users" label={t('access:person.pick')} value={userId} onChange={setUserId} name="access-person" />
        </Box>
        {person.isError && <ErrorState error={person.error} onRetry={() => void person.refetch()} />}
        {person.data && (
          <Stack spacing={2} data-testid="access-person">
            <Typography dir="auto">
              {t('access:person.summary', {
                name: person.data.user.fullName,
                role: t(`users:roles.${person.data.user.role}`, { defaultValue: person.data.user.role }),
              })}
            </Typography>
            {groupLikeNavigation(person.data.sections)
              .flatMap((g) => g.headings)
              .map((heading) => {
                const s = {
                  ...heading,
                  inSectionTable: person.data.sections.find((x) => x.section === heading.section)?.inSectionTable ?? false,
                };
                const reachable = s.resources.filter((r) => r.actions.some((a) => a.allowed || a.reason !== 'default'));
                if (!s.inSectionTable && reachable.length === 0) return null;
                return (
                  <Box key={s.id} component="section" aria-labelledby={`person-section-${s.id}`}>
                    <Typography variant="subtitle1" component="h3" id={`person-section-${s.id}`} sx={{ fontWeight: 700 }}>
                      {t(s.titleKey)}
                    </Typography>
                    {s.inSectionTable && s.resources.length === 0 && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('access:person.sectionOnly')}
                      </Typography>
                    )}
                    {!s.inSectionTable && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t('access:person.notInSection')}
                      </Typography>
                    )}
                    {reachable.map((r) => (
                      <Box key={r.resource} sx={{ mt: 1 }}>
                        <Typography variant="subtitle2" component="h4">
                          {resourceName(t, r.resource)}
                        </Typography>
                        {r.scope && <ScopeNote scope={r.scope} />}
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
                          {r.actions
                            .filter((a) => a.allowed || a.reason !== 'default')
                            .map((a) => (
                              <Chip
                                key={a.action}
                                size="small"
                                variant={a.reason === 'default' ? 'outlined' : 'filled'}
                                color={REASON_COLOR[a.reason]}
                                label={
                                  a.allowed
                                    ? actionWords(t, r.resource, a.action).label
                                    : t('access:person.revokedAction', { action: actionWords(t, r.resource, a.action).label })
                                }
                                title={a.note ? t(`access:person.reason.${a.reason}`, { note: a.note }) : t('access:person.reason.default')}
                              />
                            ))}
                        </Box>
                        {r.actions
                          .filter((a) => a.note)
                          .map((a) => (
                            <Typography key={a.action} variant="caption" component="p" dir="auto" sx={{ color: 'text.secondary' }}>
                              {actionWords(t, r.resource, a.action).label}: {t(`access:person.reason.${a.reason}`, { note: a.note })}
                            </Typography>
                          ))}
                      </Box>
                    ))}
                  </Box>
                );
              })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
