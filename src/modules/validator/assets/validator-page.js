/*
 * The public validator page: reads the pasted or uploaded shipment, has the altcha widget solve a
 * bot-check challenge (its PBKDF2 work runs in a worker served from this origin), posts the shipment
 * to POST /v1/public/validate with the Botcheck-Token header, and shows the errors and warnings with
 * their paths, rules and legal sources. Each token passes once, so the widget is reset after every
 * check. No inline script: the words come from the page's JSON data block.
 */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('validator-data').textContent);
  var w = data.words;
  var MAX_BYTES = 1024 * 1024;
  var form = document.getElementById('validate-form');
  var textarea = document.getElementById('shipment-json');
  var file = document.getElementById('shipment-file');
  var submit = document.getElementById('validate-submit');
  var formError = document.getElementById('form-error');
  var results = document.getElementById('results');
  var verdict = document.getElementById('verdict');
  var findings = document.getElementById('findings');
  var widget = document.getElementById('widget');

  // The external build of the widget brings no workers: register ours for the service's algorithm.
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', function () {
    return new Worker(data.worker);
  });

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return name in values ? String(values[name]) : whole;
    });
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) {
      node.append(child);
    });
    return node;
  }

  function showError(text) {
    formError.textContent = text;
    formError.hidden = false;
    formError.focus();
  }

  function clearError() {
    formError.textContent = '';
    formError.hidden = true;
  }

  function findingItem(finding) {
    var facts = el('dl', {}, [el('dt', {}, [w.path]), el('dd', {}, [el('code', { class: 'path' }, [finding.path])])]);
    if (finding.rule) facts.append(el('dt', {}, [w.rule]), el('dd', { class: 'rule' }, [finding.rule]));
    if (finding.source) facts.append(el('dt', {}, [w.source]), el('dd', { class: 'source' }, [finding.source]));
    return el('li', { class: 'finding', 'data-code': finding.code }, [el('p', { class: 'message' }, [finding.message]), facts]);
  }

  function findingList(kind, title, list) {
    if (!list || list.length === 0) return null;
    var id = kind + '-title';
    return el('section', { class: 'findings ' + kind, id: kind, 'aria-labelledby': id }, [
      el('h3', { id: id }, [title + ' (' + list.length + ')']),
      el('ol', {}, list.map(findingItem)),
    ]);
  }

  function showResult(result) {
    verdict.textContent = result.valid ? w.valid : fill(w.invalid, { count: result.errors.length });
    verdict.className = result.valid ? 'verdict-valid' : 'verdict-invalid';
    var parts = [findingList('errors', w.errors, result.errors), findingList('warnings', w.warnings, result.warnings)];
    if (result.transport_type) parts.push(el('p', { class: 'hint', id: 'transport-type' }, [fill(w.transportType, { type: result.transport_type })]));
    findings.replaceChildren.apply(findings, parts.filter(Boolean));
    results.hidden = false;
    document.getElementById('results-title').focus();
  }

  function problemText(response, problem) {
    if (response.status === 429) return fill(w.rateLimited, { seconds: response.headers.get('retry-after') || '60' });
    var detail = problem && problem.detail ? problem.detail : response.status + ' ' + response.statusText;
    var errors = problem && Array.isArray(problem.errors) ? problem.errors : [];
    return fill(w.problem, { detail: detail }) + errors.map(function (f) { return ' ' + f.path + ': ' + f.message; }).join('');
  }

  file.addEventListener('change', function () {
    var chosen = file.files && file.files[0];
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      showError(w.fileTooLarge);
      return;
    }
    chosen.text().then(function (text) {
      textarea.value = text;
      clearError();
    });
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearError();
    var text = textarea.value;
    if (text.trim() === '') return showError(w.emptyInput);
    try {
      JSON.parse(text);
    } catch (error) {
      return showError(fill(w.notJson, { reason: error.message }));
    }
    submit.disabled = true;
    submit.textContent = w.checking;
    form.setAttribute('aria-busy', 'true');
    Promise.resolve(widget.verify())
      .then(function (solved) {
        if (!solved || !solved.payload) throw new Error('bot check not solved');
        return fetch(data.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'botcheck-token': solved.payload, 'accept-language': data.language },
          body: text,
        });
      })
      .then(function (response) {
        return response.json().catch(function () { return null; }).then(function (body) {
          if (response.ok) showResult(body);
          else showError(problemText(response, body));
        });
      })
      .catch(function () {
        showError(w.network);
      })
      .finally(function () {
        // The token is spent: the next check solves a new challenge.
        widget.reset();
        submit.disabled = false;
        submit.textContent = w.submit;
        form.removeAttribute('aria-busy');
      });
  });
})();
