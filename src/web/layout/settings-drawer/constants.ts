/** Section 9: the settings drawer is 360 px wide. */
export const SETTINGS_DRAWER_WIDTH = 360;
