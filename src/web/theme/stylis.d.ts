// stylis 4 ships no types; only its prefixer is used (as an emotion stylis plugin).
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}
