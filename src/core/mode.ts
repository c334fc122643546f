/** Sandbox (`test`) or `live`, chosen by the API key prefix (service description, Authentication 1). */
export type Mode = 'test' | 'live';

export const MODES: readonly Mode[] = ['test', 'live'];
