/** Column types shared by the row types of every module (`*.tables.ts`): how Kysely reads and writes them. */
import type { ColumnType } from 'kysely';

/** Read as a Date; written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A jsonb column: read as the parsed value, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;
/** A column with a default in its migration: read as T, optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
