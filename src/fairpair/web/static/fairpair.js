// fairpair's own script (served from /static: the pages' CSP allows scripts from this
// server only, none inline). It does three small things:
// 1. A player's personal link, /t/ID/me#TOKEN: the token after '#' is never sent to the
//    server (no access log, no Referer holds it); it is taken from the address here,
//    removed from it (and so from the history), and posted in the body of the sign-in
//    form.
// 2. Buttons marked data-print print the page.
// 3. A live part marked data-live-hold (the director's board table, with its result
//    lists) is not asked for again while one of its lists, fields or buttons has the
//    focus, or a list was changed and not saved: the new part would take the choice
//    away. The next poll after that brings it.
(function () {
  "use strict";
  var form = document.getElementById("player-sign-in");
  if (form && window.location.hash.length > 1) {
    var token = decodeURIComponent(window.location.hash.slice(1));
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    form.elements.token.value = token;
    form.submit();
  }
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("[data-live-hold]")) {
      target.setAttribute("data-changed", "");
    }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var part = event.detail && event.detail.elt;
    if (!part || !part.hasAttribute || !part.hasAttribute("data-live-hold")) {
      return;
    }
    var active = document.activeElement;
    var editing =
      active && part.contains(active) && /^(SELECT|INPUT|TEXTAREA|BUTTON)$/.test(active.tagName);
    if (editing || part.querySelector("[data-changed]")) {
      event.preventDefault();
    }
  });
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("[data-print]")) {
      window.print();
    }
  });
})();
