/** A configuration the service refuses to start with; the message names the variable and the fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
