/**
 * The adapter matrix: the embedded backends always, PostgreSQL and Redis when DATABASE_URL and
 * REDIS_URL are set (CI sets both). Route tests run once per backend.
 */
export interface Backend {
  name: string;
  databaseUrl?: string;
  redisUrl?: string;
}

export function backends(): Backend[] {
  const list: Backend[] = [{ name: 'embedded (PGlite, memory)' }];
  if (process.env.DATABASE_URL) list.push({ name: 'PostgreSQL + Redis', databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });
  return list;
}
