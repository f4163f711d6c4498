import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDecl, ResourceDecl } from '../../../domain/resource';
import { countryName } from '../../../domain/countries';
import { resourceByName } from '../../../domain/resources';
import { FORMAT_LOCALES } from '../../i18n/format';
import { getLang } from '../../i18n/langs';

/** The slug of one row, for test ids: 'user', 'tech-stack'. */
export const rowSlug = (decl: ResourceDecl) => decl.label.toLowerCase().replace(/\s+/g, '-');

/**
 * A resource's declaration and its words: the module namespace `<resource>` holds `title`,
 * `one`, `fields.<field>` and `values.<field>.<value>`; the kit's own texts are in `common`.
 * A country's values are named by the runtime in the language (countryName).
 */
export function useResource(name: string) {
  const decl = resourceByName(name);
  if (!decl) throw new Error(`Unknown resource ${name}`);
  const { t, i18n } = useTranslation([name, 'common']);
  const locale = FORMAT_LOCALES[getLang(i18n.resolvedLanguage ?? i18n.language).value];
  const fieldLabel = useCallback((field: string) => t(`${name}:fields.${field}`), [t, name]);
  const valueLabel = useCallback(
    (field: string, value: unknown) =>
      value === null || value === undefined || value === ''
        ? ''
        : decl.fields[field]?.display === 'country'
          ? countryName(String(value), locale)
          : t(`${name}:values.${field}.${String(value)}`, { defaultValue: String(value) }),
    [t, name, decl, locale],
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
