// fairpair's own script (served from /static: the pages' CSP allows scripts from this
// server only, none inline). It does two small things:
// 1. A player's personal link, /t/ID/me#TOKEN: the token after '#' is never sent to the
//    server (no access log, no Referer holds it); it is taken from the address here,
//    removed from it (and so from the history), and posted in the body of the sign-in
//    form.
// 2. Buttons marked data-print print the page.
(function () {
  "use strict";
  var form = document.getElementById("player-sign-in");
  if (form && window.location.hash.length > 1) {
    var token = decodeURIComponent(window.location.hash.slice(1));
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    form.elements.token.value = token;
    form.submit();
  }
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("[data-print]")) {
      window.print();
    }
  });
})();
