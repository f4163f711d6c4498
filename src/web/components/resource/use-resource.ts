import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDecl, ResourceDecl } from '../../../domain/resource';
import { resourceByName } from '../../../domain/resources';

/** The slug of one row, for test ids: 'user', 'tech-stack'. */
export const rowSlug = (decl: ResourceDecl) => decl.label.toLowerCase().replace(/\s+/g, '-');

/**
 * A resource's declaration and its words: the module namespace `<resource>` holds `title`,
 * `one`, `fields.<field>` and `values.<field>.<value>`; the kit's own texts are in `common`.
 */
export function useResource(name: string) {
  const decl = resourceByName(name);
  if (!decl) throw new Error(`Unknown resource ${name}`);
  const { t, i18n } = useTranslation([name, 'common']);
  const fieldLabel = useCallback((field: string) => t(`${name}:fields.${field}`), [t, name]);
  const valueLabel = useCallback(
    (field: string, value: unknown) =>
      value === null || value === undefined || value === ''
        ? ''
        : t(`${name}:values.${field}.${String(value)}`, { defaultValue: String(value) }),
    [t, name],
  );
  return useMemo(
    () => ({
      decl,
      t,
      i18n,
      one: t(`${name}:one`),
      title: t(`${name}:title`),
      fieldLabel,
      valueLabel,
      fields: Object.entries(decl.fields) as [string, FieldDecl][],
    }),
    [decl, t, i18n, name, fieldLabel, valueLabel],
  );
}

export type ResourceMeta = ReturnType<typeof useResource>;
