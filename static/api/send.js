// How a page that the browser's session opened (the DdT's console, a table's console) talks to
// the JSON API: every write carries the session's CSRF token in its header, and a refusal, which
// changed nothing, is shown in the page's message box (role="alert") in the server's words.
(function (window) {
  "use strict";

  // The message box shows `text`, or hides when there is none.
  function say(box, text) {
    box.textContent = text || "";
    box.hidden = !text;
  }

  // `options`: `csrf` (the session's token), `message` (the box that shows a refusal), `body`
  // (sent as JSON; none for a GET), `method` ("POST" unless said). Resolves to the answer's
  // data, or to null after a refusal (its message shown; the status's text when it has none).
  async function send(url, options) {
    const method = options.method || "POST";
    const answer = await window.fetch(url, {
      method: method,
      headers: { "Content-Type": "application/json", "X-CSRF-Token": options.csrf },
      credentials: "same-origin",
      body: method === "GET" ? undefined : JSON.stringify(options.body || {}),
    });
    const data = await answer.json().catch(() => ({}));
    say(options.message, answer.ok ? "" : data.error ? data.error.message : answer.statusText);
    return answer.ok ? data : null;
  }

  window.TdApi = { send: send, say: say };
})(window);
