/** Text into HTML: every value the pages print goes through `esc`. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Data for a page's script in a JSON block, which a strict CSP allows; `<` is escaped so that no value can close the block. */
export const jsonBlock = (id: string, value: unknown): string => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** An error line a page's script fills in (empty and hidden until then). */
export const alert = (id: string): string => `<p class="alert" id="${id}" role="alert" hidden></p>`;
