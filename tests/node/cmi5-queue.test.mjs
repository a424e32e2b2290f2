// The cmi5 statement queue (web/lms/cmi5.js): sends never overlap. A flush started while another is on its way (an
// answer checked just as the LRS comes back) waits for it, so no statement reaches the LRS twice, and all arrive in order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Cmi5Session } from '../../web/lms/cmi5.js';

test('two flushes at once send each statement once, in order', async () => {
  const posted = [];
  let inFlight = 0, overlapped = false;
  globalThis.fetch = async (url, init) => {
    inFlight++;
    overlapped ||= inFlight > 1;
    posted.push(...JSON.parse(init.body).map((s) => s.id));
    await new Promise((r) => setTimeout(r, 30)); // the LRS takes a while to answer
    inFlight--;
    return { ok: true, status: 200 };
  };
  const session = new Cmi5Session({ endpoint: 'https://lrs.example/', fetch: 'https://lms.example/token', registration: 'r-1', activityId: 'urn:a', actor: { name: 'bo' } });
  session.token = 'token';
  session.launchData = {};
  session.enqueue({ id: 's1' }, { id: 's2' });
  const first = session.flush();
  while (posted.length === 0) await new Promise((r) => setImmediate(r)); // the first send is on its way
  session.enqueue({ id: 's3' }); // an answer checked meanwhile
  const second = session.flush();
  assert.deepEqual(await Promise.all([first, second]), [false, true]); // the first left s3 waiting; the second sent it
  assert.equal(overlapped, false, 'one send at a time');
  assert.deepEqual(posted, ['s1', 's2', 's3']);
  assert.deepEqual(session.queue(), []);
  delete globalThis.fetch;
});
