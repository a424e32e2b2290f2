// The page's word on the network and on updates: a small bar at the bottom corner, empty (hidden) while there is
// nothing to say. render(status) draws it from {online, cached, update, later, quiet} alone: "Hide" shrinks the
// offline notice to a one-word badge (it stays while the network is gone), "Later" puts the update offer away.

const MESSAGES = {
  offlineReady: 'You are offline. This page, the walkthrough, the exercises and the labs all work without the network.',
  offlineNotSaved: 'You are offline. This page works, but it was not saved for offline use yet, so other pages may not open.',
  update: 'A new version of Attention Lab is ready.',
  applying: 'Updating to the new version…',
};

export function createStatusView({ onUpdate, onLater, onQuiet }) {
  const bar = document.createElement('div');
  bar.className = 'app-status';
  bar.hidden = true;
  const live = document.createElement('div');
  live.setAttribute('role', 'status'); // read out when its text changes
  bar.append(live);
  document.body.append(bar);

  return {
    render({ online, cached, update, later, quiet }) {
      const lines = [];
      if (!online) lines.push(['offline', quiet ? 'Offline' : cached === 'ready' ? MESSAGES.offlineReady : MESSAGES.offlineNotSaved]);
      if (update === 'ready' && !later) lines.push(['update', MESSAGES.update]);
      if (update === 'applying') lines.push(['update', MESSAGES.applying]);
      live.replaceChildren(...lines.map(([kind, text]) => {
        const p = document.createElement('p');
        p.className = `app-status-${kind}`;
        p.textContent = text;
        if (kind === 'offline' && !quiet) {
          const hide = Object.assign(document.createElement('button'), { type: 'button', className: 'app-status-hide', textContent: 'Hide' });
          hide.addEventListener('click', onQuiet);
          p.append(' ', hide);
        }
        if (kind === 'update' && update === 'ready') {
          const reload = Object.assign(document.createElement('button'), { type: 'button', className: 'app-status-reload', textContent: 'Reload to update' });
          reload.addEventListener('click', onUpdate);
          const dismiss = Object.assign(document.createElement('button'), { type: 'button', className: 'app-status-later', textContent: 'Later' });
          dismiss.addEventListener('click', onLater);
          p.append(' ', reload, ' ', dismiss);
        }
        return p;
      }));
      bar.hidden = lines.length === 0;
    },
  };
}
