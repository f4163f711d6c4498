import type { ReactNode } from 'react';
import { useInvalidate } from '@refinedev/core';
import Box from '@mui/material/Box';
import type { StoredFileRef } from '../../../domain/fields';
import { slotReadAction, slotWriteAction, type FileSlotDecl } from '../../../domain/file-slots';
import { can } from '../../../domain/resources';
import { useAuthContext } from '../../providers/auth-context';
import { FileListSlot } from '../file-list-slot';
import { FileSlot } from '../file-slot';
import { rowSlug, useResource } from './use-resource';

/** Whether a role reads any file slot the resource declares (the detail page then has a tab for them). */
export function hasReadableFiles(resource: string, role: unknown, files: Record<string, FileSlotDecl> = {}) {
  return Object.values(files).some((slot) => can(role, resource, slotReadAction(slot)));
}

/**
 * The files a resource declares on its rows (`files` in its declaration), one card each, as the
 * role may read and change them; the words are `<resource>:files.<field>`. On the detail page and
 * under the edit form.
 */
export function ResourceFiles({
  resource,
  id,
  record,
  version,
  onVersion,
  children,
}: {
  resource: string;
  id: string;
  record: Record<string, unknown>;
  /** The row's version as the page loaded it, sent with a change. */
  version: () => string | undefined;
  /** The row's version after a change made here (a form on the same page saves over it, not against it). */
  onVersion?: (version: string) => void;
  /** More of the page's files (a candidate's branded CV). */
  children?: ReactNode;
}) {
  const { decl, t } = useResource(resource);
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const slots = Object.entries(decl.files ?? {}).filter(([, slot]) => can(role, resource, slotReadAction(slot)));
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      {slots.map(([key, slot]) =>
        slot.many ? (
          <FileListSlot
            key={key}
            url={`${decl.base}/${decl.path}/${id}/${key}`}
            label={t(`${resource}:files.${slot.field}`)}
            types={slot.types}
            maxBytes={slot.maxBytes}
            mayEdit={can(role, resource, slotWriteAction(slot))}
            recordPath={(other) => `${decl.route}/${other}`}
            version={version}
            onChanged={async (v) => {
              if (v) onVersion?.(v);
              await invalidate({ resource, id, invalidates: ['detail', 'list'] });
            }}
            testId={`${rowSlug(decl)}-${key}`}
          />
        ) : (
          <FileSlot
            key={key}
            url={`${decl.base}/${decl.path}/${id}/${key}`}
            file={(record[slot.field] ?? null) as StoredFileRef | null}
            label={t(`${resource}:files.${slot.field}`)}
            types={slot.types}
            maxBytes={slot.maxBytes}
            mayEdit={can(role, resource, slotWriteAction(slot))}
            version={version}
            onChanged={async (v) => {
              if (v) onVersion?.(v);
              await invalidate({ resource, id, invalidates: ['detail', 'list'] });
            }}
            testId={`${rowSlug(decl)}-${key}`}
          />
        ),
      )}
      {children && <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>}
    </Box>
  );
}
