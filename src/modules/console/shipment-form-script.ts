/**
 * The one script of the shipment form, served from this origin: as the member types it sends the
 * form (debounced) to the form's `data-validate` route, which runs the API's dry-run validation,
 * and writes each finding beside its field. Before the form was first submitted it shows findings
 * only beside fields the member has touched, so an empty new form is not all red. Without it the
 * form works the same: the server shows the findings after a submit.
 */
export const SHIPMENT_FORM_SCRIPT = `'use strict';
(function () {
  var form = document.querySelector('form[data-validate]');
  if (!form) return;
  var url = form.getAttribute('data-validate');
  var touched = {};
  var timer = 0;
  var asked = 0;
  function show(result) {
    var all = form.hasAttribute('data-submitted');
    var slots = form.querySelectorAll('[data-finding-for]');
    for (var i = 0; i < slots.length; i++) {
      var slot = slots[i];
      var name = slot.getAttribute('data-finding-for');
      if (!all && !touched[name]) continue;
      var found = result.fields[name] || { errors: [], warnings: [] };
      slot.textContent = found.errors.concat(found.warnings).join(' ');
      slot.className = found.errors.length === 0 && found.warnings.length > 0 ? 'finding warn' : 'finding';
      var field = form.elements.namedItem(name);
      if (field && field.setAttribute) {
        if (found.errors.length > 0) field.setAttribute('aria-invalid', 'true');
        else field.removeAttribute('aria-invalid');
      }
    }
  }
  function check() {
    var mine = ++asked;
    fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(new FormData(form)).toString()
    }).then(function (response) {
      return response.ok ? response.json() : undefined;
    }).then(function (result) {
      if (result && mine === asked) show(result);
    }).catch(function () {});
  }
  function typed(event) {
    if (!event.target || !event.target.name) return;
    touched[event.target.name] = true;
    clearTimeout(timer);
    timer = setTimeout(check, 350);
  }
  form.addEventListener('input', typed);
  form.addEventListener('change', typed);
})();
`;
