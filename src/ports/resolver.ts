/**
 * Name resolution port: webhook targets are checked against the addresses their names resolve
 * to. The system adapter asks the operating system; tests use a fixed table, so a name can
 * resolve to 127.0.0.1 without a DNS server (this machine has none).
 */
export interface Resolver {
  /** Every address of `host`; an empty list when the name does not resolve (yet). */
  lookup(host: string): Promise<string[]>;
}
