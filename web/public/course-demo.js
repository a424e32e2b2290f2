// course-demo.html's own script (a file, not inline: the page runs under a strict Content-Security-Policy).
const out = document.getElementById('out');
document.getElementById('read').addEventListener('click', async () => {
  out.textContent = JSON.stringify(await document.getElementById('lab-literal').getLesson());
});
document.getElementById('write').addEventListener('click', async () => {
  const r = await document.getElementById('lab-scores').setLesson({ tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1, 0], [0, 1]], W_K: [[1, 0], [0, 1]], W_V: [[1, 2], [3, 4]] });
  out.textContent = JSON.stringify(r);
});
