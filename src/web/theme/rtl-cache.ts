import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import type { Direction } from '../settings/settings-config';

// One emotion cache per direction; the RTL one mirrors every style with stylis-plugin-rtl.
const caches: Partial<Record<Direction, EmotionCache>> = {};

export function getEmotionCache(direction: Direction): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'mui-rtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui', prepend: true });
  return caches[direction]!;
}
