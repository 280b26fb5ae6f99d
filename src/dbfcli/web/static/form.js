// dbf serve: the sheet checked as the captain types (the Check button does the same without it).
(function () {
  "use strict";
  var form = document.getElementById("sheet");
  if (!form || !window.fetch) { return; }
  var note = form.querySelector(".js-note");
  if (note) { note.hidden = false; }
  var timer = null;
  function show(list, problems) {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    (problems || []).forEach(function (p) {
      var li = document.createElement("li");
      li.className = p.severity || "error";
      if (p.rule) {   /* a paragraph in bold where it belongs; a code alone, small, after the text */
        var b = document.createElement("b");
        b.className = "rule";
        b.textContent = "§" + p.rule;
        li.appendChild(b);
        li.appendChild(document.createTextNode(" "));
      }
      li.appendChild(document.createTextNode(p.message));
      if (p.hint) {
        var h = document.createElement("span");
        h.className = "hint";
        h.textContent = " (" + p.hint + ")";
        li.appendChild(h);
      }
      if (p.code && !p.rule) {
        var c = document.createElement("small");
        c.className = "code";
        c.textContent = p.code;
        li.appendChild(document.createTextNode(" "));
        li.appendChild(c);
      }
      list.appendChild(li);
    });
  }
  function check() {
    var data = new URLSearchParams(new FormData(form));
    data.set("action", "check");
    fetch(form.getAttribute("data-check"), {method: "POST", body: data, credentials: "same-origin",
      headers: {"Content-Type": "application/x-www-form-urlencoded"}})
      .then(function (r) { return r.status === 429 ? null : r.json(); })
      .then(function (doc) {
        if (!doc) { return; }   /* over the check limit: keep what is shown; Send still works */
        var lists = form.querySelectorAll("ul.problems");
        for (var i = 0; i < lists.length; i++) {
          var f = lists[i].getAttribute("data-for");
          show(lists[i], f ? (doc.fields || {})[f] : doc.general);
        }
        var players = (doc.fields || {});
        ["home", "away"].forEach(function (side) {
          var l = document.getElementById("p-" + side + "_players");
          if (l) { show(l, (players[side] || []).concat(players[side + "_players"] || [])); }
        });
      })
      .catch(function () { /* the Check button still works */ });
  }
  form.addEventListener("input", function () {
    if (timer) { clearTimeout(timer); }
    timer = setTimeout(check, 400);
  });
})();
