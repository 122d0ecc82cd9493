/* A form built from a board's JSON schema (what pydantic's model_json_schema gives).
 *
 * The form is only a way to write the board file: every change rewrites the
 * YAML in the text box, and the text box is what the server reads. Fields
 * carry data-path in the server's notation (areas[2].A.cards), so the
 * problems the server reports are put next to the field they name.
 *
 * Handles what board schemas use: objects, maps (additionalProperties),
 * arrays, enums, integers, numbers, booleans, strings, $ref and anyOf
 * (an optional value, or a choice between shapes).
 */
(function () {
  "use strict";

  var host = document.getElementById("board-form");
  if (!host) { return; }
  var schema = JSON.parse(document.getElementById("board-schema").textContent);
  var initial = JSON.parse(document.getElementById("board-data").textContent) || {};
  var problems = JSON.parse(document.getElementById("board-problems").textContent) || [];
  var yamlBox = document.getElementById("board-yaml");
  var labels = {
    add: host.dataset.lAdd, remove: host.dataset.lRemove, set: host.dataset.lSet,
    key: host.dataset.lKey, fallback: host.dataset.lDefault
  };
  var ENVELOPE = ["game", "version", "question"];

  /* ---- schema helpers ---- */

  function resolve(s) {
    while (s && s.$ref) {
      var name = s.$ref.split("/").pop();
      var target = (schema.$defs || schema.definitions || {})[name] || {};
      var rest = Object.assign({}, s);
      delete rest.$ref;
      s = Object.assign({}, target, rest);
    }
    return s || {};
  }

  function branches(s) {
    return (s.anyOf || s.oneOf || []).map(resolve);
  }

  function isNull(s) { return s.type === "null"; }

  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function child(path, key) {
    if (typeof key === "number") { return path + "[" + key + "]"; }
    return path ? path + "." + key : key;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") { node.textContent = attrs[k]; } else { node.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { node.appendChild(c); } });
    return node;
  }

  var counter = 0;
  function fieldId() { counter += 1; return "bf-" + counter; }

  function hint(s, path) {
    /* A description is shown once, with a list's first item, not again with every item. */
    if (!s.description || /\[[1-9]\d*\]/.test(path || "")) { return null; }
    return el("span", { "class": "hint", text: s.description });
  }

  /* ---- editors: each returns {node, get()}; get() gives undefined for "leave out" ---- */

  function editor(s, value, path, name, required) {
    s = resolve(s);
    var options = branches(s);
    if (options.length) {
      var real = options.filter(function (b) { return !isNull(b); });
      if (real.length === 1 && options.length === 2) {
        var inner = Object.assign({}, real[0], { description: s.description || real[0].description });
        if (composite(inner)) { return optional(inner, s, value, path, name); }
        if (inner.type === "boolean") {  /* yes, no, or left out (not known): never false by default */
          return choice(Object.assign({}, inner, { "enum": [true, false] }), value === null ? undefined : value, path, name, false);
        }
        return editor(inner, value === null ? undefined : value, path, name, false);  /* empty = left out */
      }
      return union(real, value, path, name);
    }
    if (s.enum) { return choice(s, value, path, name, required); }
    if (s.type === "object" || s.properties) {
      if (s.properties) { return object(s, value, path, name); }
      return map(s, value, path, name);
    }
    if (s.type === "array") { return list(s, value, path, name); }
    if (s.type === "boolean") { return flag(s, value, path, name); }
    return scalar(s, value, path, name, required);
  }

  function composite(s) {
    s = resolve(s);
    return !s.enum && (s.type === "object" || s.type === "array" || !!s.properties);
  }

  function wrapField(path, name, input, s, extra) {
    var id = input.id || (input.id = fieldId());
    return el("div", { "class": "field", "data-path": path },
      [el("label", { "for": id, text: name }), input].concat(extra || []).concat([hint(s, path)]));
  }

  function scalar(s, value, path, name, required) {
    var numeric = s.type === "integer" || s.type === "number";
    var input = el("input", { type: numeric ? "number" : "text" });
    if (numeric) {
      input.step = s.type === "integer" ? "1" : "any";
      if (s.minimum !== undefined) { input.min = s.minimum; }
      if (s.maximum !== undefined) { input.max = s.maximum; }
    }
    var start = value !== undefined ? value : s.default;
    if (start !== undefined && start !== null) { input.value = start; }
    if (required) { input.required = true; }
    return {
      node: wrapField(path, name, input, s),
      get: function () {
        if (input.value === "") { return undefined; }
        return numeric ? Number(input.value) : input.value;
      }
    };
  }

  function flag(s, value, path, name) {
    var input = el("input", { type: "checkbox" });
    input.checked = value !== undefined ? !!value : !!s.default;
    return {
      node: wrapField(path, name, input, s),
      get: function () { return input.checked; }
    };
  }

  function choice(s, value, path, name, required) {
    var select = el("select", {});
    if (!required) { select.appendChild(el("option", { value: "", text: labels.fallback })); }
    s.enum.forEach(function (option) {
      select.appendChild(el("option", { value: JSON.stringify(option), text: String(option) }));
    });
    var start = value !== undefined ? value : s.default;
    if (start !== undefined && start !== null) { select.value = JSON.stringify(start); }
    return {
      node: wrapField(path, name, select, s),
      get: function () {
        return select.value === "" ? undefined : JSON.parse(select.value);
      }
    };
  }

  function isMapping(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

  function object(s, value, path, name) {
    value = isMapping(value) ? value : {};  /* a value of another shape starts blank */
    var required = s.required || [];
    var parts = Object.keys(s.properties).map(function (key) {
      return { key: key, editor: editor(s.properties[key], value[key], child(path, key), key, required.indexOf(key) >= 0) };
    });
    var groups = parts.filter(function (p) { return p.editor.node.classList.contains("group"); });
    var fields = el("div", { "class": "fields" + (groups.length === parts.length ? " only-groups" : "") },
      parts.map(function (p) { return p.editor.node; }));
    var node = name === null ? el("div", { "class": "group", "data-path": path }, [fields])
      : el("fieldset", { "class": "group", "data-path": path }, [el("legend", { text: name }), hint(s, path), fields]);
    return {
      node: node,
      get: function () {
        var out = {};
        parts.forEach(function (p) {
          var v = p.editor.get();
          var fallback = s.properties[p.key].default;
          /* An optional value left at its default is left out of the file. */
          if (v === undefined || (required.indexOf(p.key) < 0 && fallback !== undefined && same(v, fallback))) { return; }
          out[p.key] = v;
        });
        return out;
      }
    };
  }

  /* Lists and maps: a fieldset of removable items, then an Add button. */
  function collection(s, path, name) {
    var box = el("fieldset", { "class": "group", "data-path": path }, [el("legend", { text: name }), hint(s, path)]);
    return {
      box: box,
      item: function (head, node, onRemove) {
        var remove = el("button", { type: "button", "class": "remove", text: labels.remove });
        remove.addEventListener("click", function () { structural(onRemove); });
        box.appendChild(el("div", { "class": "item" }, [el("div", { "class": "item-head" }, head.concat([remove])), node]));
      },
      finish: function (onAdd) {
        var add = el("button", { type: "button", "class": "add", text: labels.add + " " + name });
        add.addEventListener("click", function () { structural(onAdd); });
        box.appendChild(add);
      }
    };
  }

  /* What an added item holds until the form is redrawn with it. */
  function pending(s) {
    return { get: function () { return blank(s); } };
  }

  function list(s, value, path, name) {
    var itemSchema = resolve(s.items || {});
    var parts = collection(s, path, name);
    var editors = [];
    (Array.isArray(value) ? value : (s.default || [])).forEach(function (item, i) {
      var e = editor(itemSchema, item, child(path, i), "[" + i + "]", true);
      editors.push(e);
      parts.item([], e.node, function () { editors.splice(editors.indexOf(e), 1); });
    });
    parts.finish(function () { editors.push(pending(itemSchema)); });
    return {
      node: parts.box,
      get: function () {
        return editors.map(function (e) { return e.get(); }).filter(function (v) { return v !== undefined; });
      }
    };
  }

  function map(s, value, path, name) {
    var valueSchema = resolve(s.additionalProperties === true ? {} : (s.additionalProperties || {}));
    var parts = collection(s, path, name);
    var rows = [];
    value = isMapping(value) ? value : {};
    Object.keys(value).forEach(function (key) {
      var row = { key: el("input", { type: "text", value: key, "aria-label": labels.key }),
                  editor: editor(valueSchema, value[key], child(path, key), key, true) };
      rows.push(row);
      parts.item([row.key], row.editor.node, function () { rows.splice(rows.indexOf(row), 1); });
    });
    parts.finish(function () { rows.push({ key: { value: "key" + (rows.length + 1) }, editor: pending(valueSchema) }); });
    return {
      node: parts.box,
      get: function () {
        var out = {};
        rows.forEach(function (r) {
          var v = r.editor.get();
          if (r.key.value && v !== undefined) { out[r.key.value] = v; }
        });
        return out;
      }
    };
  }

  function optional(inner, outer, value, path, name) {
    var present = value !== undefined && value !== null;
    var toggle = el("input", { type: "checkbox", "aria-label": name + " " + labels.set });
    toggle.checked = present;
    var head = el("div", { "class": "field", "data-path": path },
      [el("label", { text: name }), toggle, el("span", { text: labels.set }), hint(outer, path)]);
    var e = present ? editor(inner, value, path, name, true) : null;
    toggle.addEventListener("change", function () {
      structural(function () {
        e = toggle.checked ? pending(inner) : null;
      });
    });
    var node = el("div", { "class": "optional group" }, [head, e && e.node]);
    return { node: node, get: function () { return e ? e.get() : undefined; } };
  }

  function union(options, value, path, name) {
    var pick = 0;
    options.forEach(function (o, i) { if (value !== undefined && fits(o, value)) { pick = i; } });
    var select = el("select", { "aria-label": name });
    options.forEach(function (o, i) {
      select.appendChild(el("option", { value: String(i), text: o.title || o.type || ("#" + (i + 1)) }));
    });
    select.value = String(pick);
    var e = editor(options[pick], value, path, name, true);
    select.addEventListener("change", function () {
      structural(function () {
        e = pending(options[Number(select.value)]);
      });
    });
    return { node: el("div", { "class": "union group" }, [select, e.node]), get: function () { return e.get(); } };
  }

  function fits(s, value) {
    if (s.enum) { return s.enum.indexOf(value) >= 0; }
    if (s.type === "array") { return Array.isArray(value); }
    if (s.type === "object" || s.properties) {
      /* A mapping fits an object that has all its keys, and the keys it requires (a timeline
         action is a mapping with one key, its verb). */
      if (!isMapping(value)) { return false; }
      var known = s.properties || {};
      var strange = Object.keys(value).some(function (k) { return !(k in known); });
      var missing = (s.required || []).some(function (k) { return !(k in value); });
      return !(s.additionalProperties === false && strange) && !missing;
    }
    if (s.type === "integer") { return Number.isInteger(value); }
    if (s.type === "number") { return typeof value === "number"; }
    if (s.type === "boolean") { return typeof value === "boolean"; }
    return typeof value === "string";
  }

  /* A new value for a schema: its default, else the smallest valid-looking shape. */
  function blank(s) {
    s = resolve(s);
    if (s.default !== undefined && s.default !== null) { return JSON.parse(JSON.stringify(s.default)); }
    var options = branches(s).filter(function (b) { return !isNull(b); });
    if (options.length) { return blank(options[0]); }
    if (s.enum) { return s.enum[0]; }
    if (s.properties) {
      var out = {};
      (s.required || []).forEach(function (key) { out[key] = blank(s.properties[key]); });
      return out;
    }
    if (s.type === "object") { return {}; }
    if (s.type === "array") {
      var items = [];
      for (var i = 0; i < (s.minItems || 0); i += 1) { items.push(blank(s.items || {})); }
      return items;
    }
    if (s.type === "integer" || s.type === "number") { return s.minimum !== undefined ? s.minimum : 0; }
    if (s.type === "boolean") { return false; }
    return "";
  }

  /* ---- YAML (only what JSON data needs) ---- */

  var PLAIN = /^[A-Za-z_\u3400-\u9fff\uf900-\ufaff][\w\u3400-\u9fff\uf900-\ufaff .\-]*$/;
  var RESERVED = /^(true|false|yes|no|on|off|null|~)$/i;

  function scalarYaml(v) {
    if (v === null || v === undefined) { return "null"; }
    if (typeof v === "number" || typeof v === "boolean") { return String(v); }
    var text = String(v);
    return PLAIN.test(text) && !RESERVED.test(text) && text.trim() === text ? text : JSON.stringify(text);
  }

  function isBlock(v) {
    return v !== null && typeof v === "object" && Object.keys(v).length > 0;
  }

  function yaml(v, indent) {
    var pad = new Array(indent + 1).join(" ");
    if (Array.isArray(v)) {
      return v.map(function (item) {
        if (isBlock(item)) {
          var body = yaml(item, indent + 2);
          return pad + "- " + body.slice(indent + 2);
        }
        return pad + "- " + inline(item);
      }).join("\n");
    }
    return Object.keys(v).map(function (key) {
      var item = v[key];
      if (isBlock(item)) { return pad + scalarYaml(key) + ":\n" + yaml(item, indent + 2); }
      return pad + scalarYaml(key) + ": " + inline(item);
    }).join("\n");
  }

  function inline(v) {
    if (Array.isArray(v)) { return "[]"; }
    if (v !== null && typeof v === "object") { return "{}"; }
    return scalarYaml(v);
  }

  /* ---- the form ---- */

  var root = null;
  var versionSelect = null;

  function documentValue() {
    var doc = { game: host.dataset.game };
    if (versionSelect && versionSelect.value) { doc.version = versionSelect.value; }
    doc.question = host.dataset.question;
    var board = root ? root.get() : {};
    Object.keys(board).forEach(function (k) { doc[k] = board[k]; });
    return doc;
  }

  function writeYaml() {
    yamlBox.value = yaml(documentValue(), 0) + "\n";
  }

  function render(board) {
    var chosenVersion = versionSelect ? versionSelect.value : (initial.version || "");
    host.replaceChildren();
    var versions = (host.dataset.versions || "").split(" ").filter(Boolean);
    versionSelect = el("select", {});
    versionSelect.appendChild(el("option", { value: "", text: labels.fallback }));
    versions.forEach(function (v) { versionSelect.appendChild(el("option", { value: v, text: v })); });
    versionSelect.value = chosenVersion ? String(chosenVersion) : "";
    host.appendChild(wrapField("version", "version", versionSelect, {}));
    var rest = {};
    Object.keys(board || {}).forEach(function (k) { if (ENVELOPE.indexOf(k) < 0) { rest[k] = board[k]; } });
    root = object(schema, rest, "", null);
    host.appendChild(root.node);
  }

  /* Add/remove/toggle: apply the change to the current value, then redraw the form. */
  function structural(change) {
    change();
    var value = documentValue();
    render(value);
    writeYaml();
  }

  function showProblems() {
    problems.forEach(function (problem) {
      if (!problem.path) { return; }
      var path = problem.path;
      var target = null;
      while (path && !target) {
        target = host.querySelector('[data-path="' + CSS.escape(path) + '"]');
        if (!target) { path = path.replace(/(\.[^.\[]*|\[\d+\])$/, ""); }
      }
      if (!target) { return; }
      target.classList.add("has-error");
      var message = el("span", { "class": "field-error", role: "alert",
        text: (path === problem.path ? "" : problem.path + ": ") + problem.message });
      var legend = target.querySelector(":scope > legend");
      if (legend) { legend.after(message); } else { target.appendChild(message); }
    });
  }

  render(initial);
  showProblems();
  host.addEventListener("input", writeYaml);
  host.addEventListener("change", writeYaml);

  var copy = document.getElementById("copy-yaml");
  if (copy) {
    copy.addEventListener("click", function () {
      var done = function () { copy.textContent = copy.dataset.done; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(yamlBox.value).then(done, function () {
          yamlBox.select(); document.execCommand("copy"); done();
        });
      } else {
        yamlBox.select(); document.execCommand("copy"); done();
      }
    });
  }
})();
