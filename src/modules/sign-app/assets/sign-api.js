// What the scripts of the signing pages share: calls on the sign API of the page's own link
// (/v1/sign/{token}/…) that never throw, and every error said in the page's language. Used by the
// signing page (sign-app.js) and the signer's copy page (copy-disposal.js).
(() => {
  'use strict';

  window.signApi = (words) => {
    const lang = document.documentElement.lang;
    const token = decodeURIComponent(location.pathname.split('/').pop());
    const base = `/v1/sign/${encodeURIComponent(token)}`;
    const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

    /** Calls the sign API; answers { ok, status, body, retryAfter } and never throws. */
    async function call(method, path, body) {
      let response;
      try {
        response = await fetch(base + path, {
          method,
          headers: { accept: 'application/json', 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          cache: 'no-store',
          credentials: 'omit',
        });
      } catch {
        return { ok: false, status: 0, body: { code: 'network' } };
      }
      let parsed = null;
      try { parsed = await response.json(); } catch { parsed = null; }
      if (!parsed || typeof parsed !== 'object') parsed = { code: response.ok ? undefined : response.status >= 500 ? 'internal_error' : 'network' };
      return { ok: response.ok, status: response.status, body: parsed, retryAfter: Number(response.headers.get('retry-after')) || null };
    }

    /** The message for a failed call, in the page's language. */
    function message(result) {
      const code = result.body.code in words.errors ? result.body.code : result.status >= 500 ? 'internal_error' : 'network';
      const seconds = result.retryAfter ?? 60;
      let text = fill(words.errors[code], { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) });
      if (code === 'validation_failed') {
        const details = (result.body.errors ?? []).map((e) => e.message || e.path).filter(Boolean);
        text = [text, ...details].join(' ');
      }
      if ((code === 'internal_error' || code === 'service_unavailable') && result.body.request_id) text += ` ${fill(words.reference, { id: result.body.request_id })}`;
      return text;
    }

    /** Shows `text` in the element `id` (an alert or a status line); hidden when empty. */
    function say(id, text) {
      const el = document.getElementById(id);
      el.textContent = text;
      el.hidden = !text;
    }

    return { token, fill, call, message, say };
  };
})();
