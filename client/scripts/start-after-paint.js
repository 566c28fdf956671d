// Starts the app once the pre-rendered page has been painted with its images. scripts/prerender.mjs
// copies this file to dist/assets/ under a content hash and puts it in index.html, in place of the
// entry's module script and its modulepreload links, naming them on this element (data-entry,
// data-preload).
// Why: a module script requested from the head downloads beside the page's first paint and competes
// with it (on a slow phone, 80 KB of JavaScript is most of a second on the wire); the page is already
// readable without it, and a tap made before it runs is kept (src/lib/pending-form-actions.ts).
// Plain ES5 and a classic `defer` script: it runs on every browser the site supports, under the
// site's CSP (`script-src 'self'`: no inline script).
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preload') || '').split(' ');
  var started = false;
  // The page's own chunk and its imports, named by the page's head (scripts/prerender.mjs; an admin
  // route's also names the admin chunk and their stylesheets, scripts/admin-pages.mjs): requested
  // with the entry, not after it has run and asked for them (one round trip less before the page
  // works). Vite's preloader then finds the modules in the head and does not append them again; a
  // stylesheet is only preloaded (the one Vite's preloader appends and waits for is then already on
  // its way, and the page is never shown before its styles).
  var pageModules = document.querySelector('meta[name="page-modules"]');
  var modules = pageModules ? (pageModules.getAttribute('content') || '').split(' ') : [];
  function preload(href) {
    if (!href) return;
    var link = document.createElement('link');
    if (/\.css$/.test(href)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's preloader asks for them (CORS, anonymous): a request of another mode is not reused.
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
    // Each of the entry's imports and the page's modules in a task of its own: every request started
    // costs the main thread (one of them took 5 ms of a trace here), and all of them in one task made
    // a long one on a slow phone (Lighthouse's low-end profile counted it on every page). Timers set
    // side by side, not nested, are not throttled: they still leave long before the entry has arrived.
    var all = preloads.concat(modules);
    for (var i = 0; i < all.length; i += 1) setTimeout(preload, 0, all[i]);
  }
  // Until the app is there to hold them (src/lib/pending-form-actions.ts adopts this list), a submit
  // or a button click on a pre-rendered form is kept here: a submit must never go to the browser as a
  // GET of the page with the answers in its URL.
  var early = [];
  window.__earlyFormActions = early;
  function shellOf(element) {
    return element && element.hasAttribute && element.hasAttribute('data-form-shell') ? element : null;
  }
  function holdSubmit(event) {
    var form = shellOf(event.target);
    if (early.adopted || !form) return;
    event.preventDefault();
    early.push({ kind: 'submit', form: form, control: event.submitter || null });
  }
  function holdClick(event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    if (early.adopted || !button || button.type !== 'button' || !shellOf(button.form)) return;
    early.push({ kind: 'click', form: button.form, control: button });
  }
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('click', holdClick, true);
  // A choice in a pre-rendered filter (the job board's selects and search box) made before the page
  // has hydrated: hydration puts back the value the page was served with, so the last one is kept
  // here by the control's id for the page to take (src/lib/early-values.ts).
  var values = {};
  window.__earlyValues = values;
  function keepValue(event) {
    var control = event.target;
    if (document.documentElement.hasAttribute('data-hydrated') || !control || !control.id) return;
    if (control.tagName !== 'SELECT' && control.tagName !== 'INPUT') return;
    if (control.form && shellOf(control.form)) return;
    values[control.id] = control.value;
  }
  document.addEventListener('change', keepValue, true);
  document.addEventListener('input', keepValue, true);
  // A hidden tab paints nothing, and neither does a page the server sent without content: nothing to
  // wait for. The admin area's pre-rendered frame (scripts/admin-pages.mjs, `data-start="now"`) is
  // small, its styles inline, and it is mostly waiting for the session: its scripts start at once.
  // A `defer` script runs once the document is parsed, so the root is already there.
  var root = document.getElementById('root');
  var now = root && (!root.firstElementChild || root.getAttribute('data-start') === 'now');
  if (document.visibilityState === 'hidden' || now) start();
  document.addEventListener('visibilitychange', start);
  // Once the page has painted and its images have loaded (the largest one is often the hero's
  // image, painted a frame after it arrives), then after one more frame.
  var painted = false;
  var loaded = document.readyState === 'complete';
  function whenPaintedAndLoaded() {
    if (!painted || !loaded) return;
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  window.addEventListener('load', function () {
    loaded = true;
    whenPaintedAndLoaded();
  });
  var supported = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (supported && supported.indexOf('paint') >= 0) {
    // The browser's own record of its first paint (a requestAnimationFrame callback can run before
    // a first frame that the browser then holds back).
    new PerformanceObserver(function () {
      if (painted) return;
      painted = true;
      whenPaintedAndLoaded();
      // On a slow network the images may take long: the page works at most a second after its paint.
      setTimeout(start, 1000);
    }).observe({ type: 'paint', buffered: true });
  } else {
    painted = true;
  }
  // Whatever happens to the frames, the page works within a few seconds.
  setTimeout(start, 3000);
})();
