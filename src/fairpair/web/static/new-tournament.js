// The "New tournament" form: show only the chosen system's options (the others are
// hidden and disabled, so they are not sent). Without this script every system's
// fieldset shows and the server reads only the chosen system's.
(function () {
  "use strict";
  function update(select) {
    var chosen = select.value;
    var sets = document.querySelectorAll("fieldset.system-options");
    for (var i = 0; i < sets.length; i++) {
      var mine = sets[i].getAttribute("data-system") === chosen;
      sets[i].hidden = !mine;
      sets[i].disabled = !mine;
    }
  }
  function start() {
    var select = document.getElementById("system");
    if (!select) { return; }
    select.addEventListener("change", function () { update(select); });
    update(select);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
