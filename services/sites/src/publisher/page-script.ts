import { createHash } from 'node:crypto';

/**
 * The one script a published page runs (docs/adr/0085), inline and allowed by its hash in the page's CSP, so
 * that nothing else can run (content never carries a script: the sanitizer takes them all out). It runs in the
 * page's head, so that a reader's chosen theme applies before the page paints, and only enhances what works
 * without it:
 * - a "Dark theme" switch (pressed or not) overrides the site's default theme, remembered in localStorage
 *   (unless the site's customization turns the switch off: `data-theme-toggle="off"`);
 * - a collapsed group of a big space's navigation loads its pages when opened (from the publisher's own origin);
 * - "Copy page as markdown" copies the page's `.md` (fetched from the page's own origin) to the clipboard;
 * - tabs blocks, stacked titled sections without it, become a tab list: arrow keys, Home and End move between
 *   tabs, the selected tab's panel shows (WAI-ARIA tabs pattern, automatic activation);
 * - the outline marks the section being read;
 * - the header's search form (Ctrl/Cmd+K) shows the results of `<site>/.search` as the reader types; arrow keys move
 *   through them, Escape closes them (without the script, the form opens the results page);
 * - "Was this page helpful?" sends the rating in the background and thanks the reader in place (without the
 *   script, the form posts and the publisher answers a thank-you page).
 */
const source = `(() => {
  const root = document.documentElement;
  const stored = () => { try { return localStorage.getItem('dp-theme'); } catch { return null; } };
  const fixed = root.dataset.themeToggle === 'off';
  const saved = fixed ? null : stored();
  if (saved === 'dark' || saved === 'light') root.dataset.theme = saved;
  const enhance = () => {
  const dark = () => (root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches);
  const header = document.querySelector('body > header');
  if (header && !fixed) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'theme-switch';
    button.textContent = 'Dark theme';
    const show = () => button.setAttribute('aria-pressed', String(dark()));
    button.addEventListener('click', () => {
      root.dataset.theme = dark() ? 'light' : 'dark';
      try { localStorage.setItem('dp-theme', root.dataset.theme); } catch {}
      show();
    });
    show();
    header.insertBefore(button, header.querySelector('.menu-button'));
  }
  const source = document.querySelector('p.source a');
  if (source && navigator.clipboard) {
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'copy-markdown';
    copy.textContent = 'Copy page as markdown';
    copy.addEventListener('click', async () => {
      try {
        const res = await fetch(source.href, { credentials: 'same-origin' });
        if (!res.ok) throw new Error(String(res.status));
        await navigator.clipboard.writeText(await res.text());
        copy.textContent = 'Copied';
      } catch {
        copy.textContent = 'Could not copy';
      }
      setTimeout(() => (copy.textContent = 'Copy page as markdown'), 2000);
    });
    source.parentElement.append(' ', copy);
  }
  for (const group of document.querySelectorAll('details[data-nav]')) {
    group.addEventListener('toggle', async () => {
      if (!group.open || group.dataset.loaded) return;
      group.dataset.loaded = 'true';
      try {
        const res = await fetch(group.dataset.nav, { credentials: 'same-origin' });
        if (!res.ok) throw new Error(String(res.status));
        const list = group.querySelector(':scope > ul');
        const holder = document.createElement('div');
        holder.innerHTML = await res.text();
        const loaded = holder.querySelector(':scope > ul');
        if (loaded) list ? list.replaceWith(loaded) : group.append(loaded);
      } catch {
        delete group.dataset.loaded;
      }
    });
  }
  let n = 0;
  for (const block of document.querySelectorAll('.tabs-block')) {
    const sections = [...block.children].filter((el) => el.matches('section.tab'));
    if (sections.length === 0) continue;
    const list = document.createElement('div');
    list.className = 'tablist';
    list.setAttribute('role', 'tablist');
    const tabs = sections.map((section, i) => {
      const id = 'tabs-' + ++n;
      const title = section.querySelector(':scope > .tab-title');
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.id = id + '-tab';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', id);
      tab.textContent = title ? title.textContent : 'Tab ' + (i + 1);
      section.id = id;
      section.setAttribute('role', 'tabpanel');
      section.setAttribute('aria-labelledby', tab.id);
      section.tabIndex = 0;
      list.append(tab);
      return tab;
    });
    const select = (index, focus) => {
      tabs.forEach((tab, i) => {
        tab.setAttribute('aria-selected', String(i === index));
        tab.tabIndex = i === index ? 0 : -1;
        sections[i].hidden = i !== index;
      });
      if (focus) tabs[index].focus();
    };
    list.addEventListener('click', (event) => {
      const at = tabs.indexOf(event.target.closest('[role=tab]'));
      if (at >= 0) select(at, false);
    });
    list.addEventListener('keydown', (event) => {
      const at = tabs.indexOf(document.activeElement);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (at < 0 || to === undefined) return;
      event.preventDefault();
      select((to + tabs.length) % tabs.length, true);
    });
    block.classList.add('tabs-enhanced');
    block.prepend(list);
    // A link to something inside a tab (a search result) opens that tab, then scrolls to it.
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const holder = target ? sections.findIndex((section) => section.contains(target)) : -1;
    select(Math.max(0, holder), false);
    if (holder >= 0) target.scrollIntoView();
  }
  const search = document.querySelector('form.search');
  const input = search && search.querySelector('input[name=q]');
  if (input) {
    const panel = document.createElement('div');
    panel.className = 'search-panel';
    panel.id = 'search-results';
    panel.hidden = true;
    search.append(panel);
    input.setAttribute('aria-controls', panel.id);
    let timer;
    let asked = '';
    const results = () => [...panel.querySelectorAll('a')];
    const show = async () => {
      const q = input.value.trim();
      if (q === asked) return;
      asked = q;
      if (!q) return void (panel.hidden = true);
      try {
        const res = await fetch(search.action + '?fragment=1&q=' + encodeURIComponent(q), { credentials: 'same-origin' });
        if (!res.ok || q !== asked) return;
        const html = await res.text();
        // Only the latest query's answer is shown, and showing it keeps the reader's place among the results:
        // an answer that comes late (a slow network) must not take the focus from the link they moved to.
        if (q !== asked || html === panel.innerHTML) return;
        const focused = results().includes(document.activeElement) ? document.activeElement.getAttribute('href') : null;
        panel.innerHTML = html;
        panel.hidden = false;
        const again = focused && results().find((a) => a.getAttribute('href') === focused);
        if (again) again.focus();
      } catch {}
    };
    input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(show, 150); });
    search.addEventListener('keydown', (event) => {
      const links = results();
      const at = links.indexOf(document.activeElement);
      if (event.key === 'Escape') { panel.hidden = true; input.focus(); return; }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      if (links.length === 0) return;
      const to = event.key === 'ArrowDown' ? at + 1 : at - 1;
      if (to < 0) input.focus();
      else links[Math.min(to, links.length - 1)].focus();
    });
    document.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') { event.preventDefault(); input.focus(); input.select(); }
    });
  }
  const feedback = document.querySelector('form.feedback');
  if (feedback) {
    feedback.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = new URLSearchParams(new FormData(feedback));
      if (event.submitter && event.submitter.name) body.set(event.submitter.name, event.submitter.value);
      fetch(feedback.action, { method: 'POST', body, headers: { accept: 'application/json' } }).then((res) => {
        feedback.querySelector('p').textContent = res.ok ? 'Thanks for your feedback!' : 'Your feedback could not be sent.';
        for (const button of feedback.querySelectorAll('button')) button.remove();
      }).catch(() => {});
    });
  }
  const links = new Map([...document.querySelectorAll('.outline a[href^="#"]')].map((a) => [decodeURIComponent(a.hash.slice(1)), a]));
  if (links.size === 0 || !('IntersectionObserver' in window)) return;
  const seen = new Set();
  const mark = () => {
    const first = [...links.keys()].find((id) => seen.has(id));
    for (const [id, a] of links) id === first ? a.setAttribute('aria-current', 'true') : a.removeAttribute('aria-current');
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) entry.isIntersecting ? seen.add(entry.target.id) : seen.delete(entry.target.id);
    mark();
  });
  for (const id of links.keys()) {
    const heading = document.getElementById(id);
    if (heading) observer.observe(heading);
  }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhance);
  else enhance();
})();`;

export const PAGE_SCRIPT = source;
/** The CSP source that allows exactly this script. */
export const PAGE_SCRIPT_CSP = `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
