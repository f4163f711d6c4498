// Constants the spec states (section 5 and 9), shared by the client and the server.

/** Date pickers accept 1900-01-01 to 2099-12-31; the server refuses dates outside too. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';

/** Initial app version (stored with the settings; a different one resets them). */
export const APP_VERSION = '1.0.0';
