/** Text into HTML: every value the pages print goes through `esc`. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
