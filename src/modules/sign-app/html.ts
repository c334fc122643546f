/** Text into HTML: every value the pages print goes through `esc`. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A JSON data block for the page's script (a strict CSP allows it); `<` is escaped so that no value can close it. */
export const jsonBlock = (id: string, value: unknown): string => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
