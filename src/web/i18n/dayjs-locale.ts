import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { LangOption } from './langs';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

// dayjs locales load with the language (the English one is built in).
const loaders: Record<LangOption['adapterLocale'], () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  fr: () => import('dayjs/locale/fr'),
  vi: () => import('dayjs/locale/vi'),
  'zh-cn': () => import('dayjs/locale/zh-cn'),
  'ar-sa': () => import('dayjs/locale/ar-sa'),
};

export async function applyDayjsLocale(locale: LangOption['adapterLocale']): Promise<void> {
  await loaders[locale]();
  dayjs.locale(locale);
}
