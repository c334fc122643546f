// The signer's copy on the done page: once the signing page's script says the submit succeeded
// (event `sign:done`), asks GET /v1/sign/{token}/copy for the sealed version just signed (and, for
// the consignee, the proof of delivery) and shows them as download links — signed /files links
// that expire, never a key. The same block the page of a used link shows filled in by the server.
(() => {
  'use strict';

  const block = document.getElementById('signer-copy');
  const wordsBlock = document.getElementById('copy-words');
  if (!block || !wordsBlock) return;
  const words = JSON.parse(wordsBlock.textContent);
  const token = decodeURIComponent(location.pathname.split('/').pop());
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  // On the wall clock of the stop where the signer signed, the zone named as the service names it.
  function local(iso, zone, names) {
    const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(iso));
    const part = (type) => parts.find((p) => p.type === type)?.value ?? '';
    const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${names?.[offset] ?? (zone === 'UTC' ? 'UTC' : `UTC${offset}`)}`;
  }
  const status = document.getElementById('copy-status');
  const list = document.getElementById('copy-links');

  function download(id, url, text) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.id = id;
    link.className = 'button secondary';
    link.href = url;
    link.download = '';
    link.textContent = text;
    item.append(link);
    list.append(item);
  }

  async function load() {
    block.hidden = false;
    status.textContent = words.preparing;
    let copy = null;
    try {
      const response = await fetch(`/v1/sign/${encodeURIComponent(token)}/copy`, { headers: { accept: 'application/json' }, cache: 'no-store', credentials: 'omit' });
      if (response.ok) copy = await response.json();
    } catch {
      copy = null;
    }
    if (!copy) {
      status.textContent = words.failed;
      return;
    }
    status.textContent = '';
    document.getElementById('copy-intro').textContent = fill(words.intro, { time: local(copy.copy_expires_at, copy.time_zone, copy.time_zone_names) });
    download('copy-note', copy.consignment_note.url, fill(words.note, { version: copy.consignment_note.version }));
    if (copy.proof_of_delivery) download('copy-pod', copy.proof_of_delivery.url, words.pod);
  }

  document.addEventListener('sign:done', () => void load(), { once: true });
})();
