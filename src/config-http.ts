/**
 * How long a client may take, so that slow or idle sockets cannot pile up: `headersTimeoutMs` for the
 * request line and headers, `requestTimeoutMs` for the whole request with its body (past either the
 * answer is 408 `request_timeout` and the connection closes), `keepAliveTimeoutMs` for an idle
 * keep-alive connection, `connectionTimeoutMs` for a connection on which nothing moves at all (not
 * even while a request is handled). Node checks the first two every `checkIntervalMs`, so a
 * limit may overrun by that much. `bodyLimitBytes` is the body limit of routes that set none.
 */
export interface HttpLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionTimeoutMs: number;
  checkIntervalMs: number;
  bodyLimitBytes: number;
}
