/** A migration that cannot be applied, or a database this build must not run on; its message says which. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}
