// Opened as a file (file://), a browser runs no ES module, so this page would say "Loading…" forever. This one
// classic script says what to open instead: the offline copy (attention-lab.html), or the folder served.
(function () {
  if (location.protocol !== 'file:') return;
  const box = document.querySelector('.loading');
  if (!box) return;
  const page = location.pathname.split('/').pop() || 'index.html';
  const walkthrough = page === 'index.html' || page === '';
  box.className = 'loading file-notice';
  box.textContent = walkthrough
    ? 'Opened as a file, this page cannot start: browsers run its code only from a web server. Open attention-lab.html, '
      + 'the offline copy in the same folder, instead — or serve this folder (python3 -m http.server, then http://localhost:8000/).'
    : 'Opened as a file, this page cannot start: browsers run its code only from a web server. Serve this folder '
      + '(python3 -m http.server, then http://localhost:8000/' + page + '). The offline copy, attention-lab.html, holds the walkthrough only.';
})();
