// The API's default error code of each HTTP status (a body without a code of its own): the
// server sends it, the client translates by it.

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  412: 'stale_record',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'rule_violated',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

/** The code a status stands for; any other 5xx is an internal error, any other status has none. */
export function codeForStatus(status: number): string | undefined {
  return STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : undefined);
}
