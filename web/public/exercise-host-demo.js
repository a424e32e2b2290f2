// exercise-host-demo.html's own script (a file, not inline: the page runs under a strict Content-Security-Policy).
// The frame's address: this page's hash is handed on, so tests and instructors can pick the set and seed.
const frame = document.getElementById('exercises');
frame.src = './exercises.html' + (location.hash || '#set=exit-ticket&seed=1');
window.receivedResults = [];
window.addEventListener('message', (event) => {
  // An LMS would also check event.origin against the address it embedded.
  if (event.source !== frame.contentWindow) return;
  const m = event.data;
  if (!m || m.type !== 'attention-lab:exercise-result') return;
  window.receivedResults.push(m);
  const row = document.createElement('tr');
  for (const text of [m.id, m.correct ? 'yes' : 'no', m.attempts, JSON.stringify(m.answer), `${m.set} / ${m.seed}`]) {
    const td = document.createElement('td');
    td.textContent = String(text);
    row.append(td);
  }
  document.getElementById('results').append(row);
});
