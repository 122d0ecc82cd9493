/* Arbiter: small enhancements over pages that work without script.
 * - search as you type (the server renders the results; we swap them in);
 * - keyboard: "/" focuses search, ↓/↑ move through results, Esc goes back to the box;
 * - contents: expand or collapse every section;
 * - versions: the version menus only offer the chosen game's versions.
 */
(function () {
  "use strict";

  function debounce(fn, ms) {
    var timer = null;
    return function () {
      var args = arguments;
      clearTimeout(timer);
      timer = setTimeout(function () { fn.apply(null, args); }, ms);
    };
  }

  function formUrl(form) {
    var params = new URLSearchParams(new FormData(form));
    Array.from(params.keys()).forEach(function (key) {
      if (!params.get(key)) { params.delete(key); }
    });
    return form.action + "?" + params.toString();
  }

  /* Live search: fetch the same page the form would open and take its #results. */
  function liveSearch(form) {
    var target = document.getElementById(form.getAttribute("data-live"));
    var box = form.querySelector("input[name=q]");
    var pending = null;
    var run = debounce(function () {
      if (!box.value.trim()) { return; }
      var url = formUrl(form);
      if (pending) { pending.abort(); }
      pending = new AbortController();
      fetch(url, { signal: pending.signal, headers: { "Accept": "text/html" } })
        .then(function (response) {
          return response.text().then(function (html) { return { response: response, html: html }; });
        })
        .then(function (got) {
          var page = new DOMParser().parseFromString(got.html, "text/html");
          var results = page.getElementById(target.id);
          if (results) {
            target.replaceChildren.apply(target, Array.from(results.childNodes));
            history.replaceState(null, "", url);
            document.title = page.title;
          } else if (got.response.redirected) {   /* a clause number: offer the clause */
            var link = document.createElement("a");
            link.href = got.response.url;
            link.className = "hit-link jump";
            link.textContent = "→ " + (page.title || got.response.url);
            var p = document.createElement("p");
            p.appendChild(link);
            target.replaceChildren(p);
          }
        })
        .catch(function () { /* aborted or offline: the submit button still works */ });
    }, 250);
    box.addEventListener("input", run);
    form.querySelectorAll("select").forEach(function (select) {
      select.addEventListener("change", run);
    });
  }

  function results() {
    return Array.from(document.querySelectorAll("#results a.hit-link"));
  }

  function keyboard() {
    document.addEventListener("keydown", function (event) {
      var active = document.activeElement;
      var typing = active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
      if (event.key === "/" && !typing) {
        var box = document.querySelector("input[name=q]");
        if (box) { event.preventDefault(); box.focus(); box.select(); }
        return;
      }
      var links = results();
      if (!links.length) { return; }
      var index = links.indexOf(active);
      var inBox = active && active.name === "q";
      if (event.key === "ArrowDown" && (inBox || index >= 0)) {
        event.preventDefault();
        links[Math.min(index + 1, links.length - 1)].focus();
      } else if (event.key === "ArrowUp" && index >= 0) {
        event.preventDefault();
        if (index === 0) { document.querySelector("input[name=q]").focus(); } else { links[index - 1].focus(); }
      } else if (event.key === "Escape" && index >= 0) {
        document.querySelector("input[name=q]").focus();
      }
    });
  }

  function contents() {
    document.querySelectorAll("[data-toc]").forEach(function (button) {
      button.addEventListener("click", function () {
        var open = button.getAttribute("data-toc") === "open";
        document.querySelectorAll("ul.toc details").forEach(function (d) { d.open = open; });
      });
    });
  }

  function versionMenus() {
    var game = document.querySelector("form.panel-form select[name=game]");
    if (!game) { return; }
    var menus = game.form.querySelectorAll("select[name=old], select[name=new]");
    function sync() {
      menus.forEach(function (menu) {
        var first = null;
        menu.querySelectorAll("optgroup").forEach(function (group) {
          var mine = group.label === game.value;
          group.hidden = !mine;
          group.disabled = !mine;
          if (mine) { first = group.querySelector("option"); }
        });
        var chosen = menu.selectedOptions[0];
        if (!chosen || chosen.getAttribute("data-game") !== game.value) {
          if (first) { first.selected = true; }
        }
      });
    }
    game.addEventListener("change", sync);
    sync();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-live]").forEach(liveSearch);
    keyboard();
    contents();
    versionMenus();
  });
})();
