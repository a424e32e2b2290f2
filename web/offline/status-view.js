// The page's word on the network and on updates: a small bar at the bottom corner, empty (hidden) while there is
// nothing to say. render(status) draws it from {online, cached, update, later, quiet} alone: "Hide" shrinks the
// offline notice to a one-word badge (it stays while the network is gone), "Later" puts the update offer away.

// (the words are the page's language's: offline.* in web/i18n/locales; drawn again once the language is loaded)
import { onLanguage, t } from '../i18n/i18n.js';

export function createStatusView({ onUpdate, onLater, onQuiet }) {
  const bar = document.createElement('div');
  bar.className = 'app-status';
  bar.hidden = true;
  const live = document.createElement('div');
  live.setAttribute('role', 'status'); // read out when its text changes
  bar.append(live);
  document.body.append(bar);

  let spoken = false, last = null;
  onLanguage(() => { spoken = true; if (last) view.render(last); });
  const view = {
    render(status) {
      last = status;
      if (!spoken) return;
      const { online, cached, update, later, quiet } = status;
      const lines = [];
      if (!online) lines.push(['offline', t(quiet ? 'offline.badge' : cached === 'ready' ? 'offline.ready' : 'offline.notSaved')]);
      if (update === 'ready' && !later) lines.push(['update', t('offline.update')]);
      if (update === 'applying') lines.push(['update', t('offline.applying')]);
      live.replaceChildren(...lines.map(([kind, text]) => {
        const p = document.createElement('p');
        p.className = `app-status-${kind}`;
        p.textContent = text;
        if (kind === 'offline' && !quiet) {
          const hide = Object.assign(document.createElement('button'), { type: 'button', className: 'app-status-hide', textContent: t('offline.hide') });
          hide.addEventListener('click', onQuiet);
          p.append(' ', hide);
        }
        if (kind === 'update' && update === 'ready') {
          const reload = Object.assign(document.createElement('button'), { type: 'button', className: 'app-status-reload', textContent: t('offline.reload') });
          reload.addEventListener('click', onUpdate);
          const dismiss = Object.assign(document.createElement('button'), { type: 'button', className: 'app-status-later', textContent: t('offline.later') });
          dismiss.addEventListener('click', onLater);
          p.append(' ', reload, ' ', dismiss);
        }
        return p;
      }));
      bar.hidden = lines.length === 0;
    },
  };
  return view;
}
