(function () {
  'use strict';
  // Search across a site's conversations, or across the turns of a page in chunks (whose results
  // are its own turns, and whose chunks chunks.js loads when a result leads into one). The shards
  // (search/N.js) are scripts this one adds, so they load from disk as over HTTP; the page's CSP
  // trusts them through 'strict-dynamic'.
  var form = document.querySelector('.cr-search');
  // The shards' texts come compressed: a browser that cannot inflate them keeps the form hidden,
  // as one without scripts does.
  if (!form || !window.Intl || !window.DecompressionStream) return;
  // The site's words come with this script (window.crSiteWords, the same on every page); a page
  // in chunks carries its own on the form (data-cr-words, JSON).
  var words = window.crSiteWords;
  if (!words) {
    try { words = JSON.parse(form.getAttribute('data-cr-words') || '{}') || {}; } catch (e) { words = {}; }
  }
  // The page holds the empty form, hidden: without this script there is no search. Its field,
  // count and results are drawn here; the words go in as attributes and text, never as markup.
  if (!form.querySelector('input')) {
    var label = words.label || 'Search conversations';
    form.setAttribute('role', 'search');
    form.setAttribute('aria-label', label);
    form.innerHTML = '<div class="cr-search-field"><svg class="cr-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
      '<circle cx="10.5" cy="10.5" r="6"/><path d="M15 15l5 5"/></svg><input id="cr-search-input" type="search" autocomplete="off" ' +
      'spellcheck="false" enterkeyhint="search" aria-controls="cr-search-results" aria-describedby="cr-search-status"></div>' +
      '<p class="cr-search-status" id="cr-search-status" role="status"></p><ol class="cr-search-results" id="cr-search-results"></ol>';
    form.querySelector('input').setAttribute('aria-label', label);
    form.querySelector('input').setAttribute('placeholder', label);
    form.querySelector('ol').setAttribute('aria-label', label);
  }
  var input = form.querySelector('input');
  var status = form.querySelector('.cr-search-status');
  var list = form.querySelector('.cr-search-results');
  var root = form.getAttribute('data-cr-root') || '';
  var shardCount = Number(form.getAttribute('data-cr-shards')) || 0;
  var lang = words.lang || document.documentElement.lang || 'en';
  var plurals = new Intl.PluralRules(lang);
  var numbers = new Intl.NumberFormat(lang);
  var LIMIT = 50;
  var SEPARATOR = '\u0001';
  var arrived = [];
  var shards = null;
  var state = 'idle';
  var timer = 0;
  var loadStarted = 0;
  // Shards whose texts have non-ASCII characters and are lower-cased but not yet folded.
  var pending = [];
  form.hidden = false;

  // One rule for the texts and the query: lower case, accents and compatibility forms folded
  // (NFKD, Latin-style combining marks dropped), final sigma as sigma, ß as ss. Only the runs of
  // non-ASCII characters need more than lower case.
  var nonAscii = /[^\x00-\x7f]/;
  var nonAsciiRuns = /[^\x00-\x7f]+/g;
  var marks = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
  // The same few runs come back again and again (é, ’, —, a word in another script): remembered.
  var folds = new Map();
  function foldRun(run) {
    var folded = folds.get(run);
    if (folded === undefined) {
      folded = run.normalize('NFKD').toLowerCase().replace(marks, '').replace(/\u03c2/g, '\u03c3').replace(/\u00df/g, 'ss');
      if (folds.size < 100000) folds.set(run, folded);
    }
    return folded;
  }
  function fold(text) {
    return text.toLowerCase().replace(nonAsciiRuns, foldRun);
  }
  // The folded text with, for each of its code units, where it came from in the original.
  function foldMap(text) {
    var out = '';
    var map = [];
    for (var i = 0; i < text.length;) {
      var ch = String.fromCodePoint(text.codePointAt(i));
      var folded = fold(ch);
      for (var k = 0; k < folded.length; k++) map.push(i);
      out += folded;
      i += ch.length;
    }
    map.push(text.length);
    return { text: out, map: map };
  }
  // Where each turn starts in a shard's text (turns are joined by SEPARATOR), and its end + 1.
  function bounds(text, count) {
    var starts = new Int32Array(count + 1);
    var at = 0;
    for (var k = 0; k < count; k++) {
      starts[k] = at;
      var next = text.indexOf(SEPARATOR, at);
      at = next < 0 ? text.length + 1 : next + 1;
    }
    starts[count] = text.length + 1;
    return starts;
  }
  // The turn holding position `at`: the last start at or before it.
  function turnAt(starts, at) {
    var low = 0;
    var high = starts.length - 2;
    while (low < high) {
      var mid = (low + high + 1) >> 1;
      if (starts[mid] <= at) low = mid; else high = mid - 1;
    }
    return low;
  }

  function counted(key, n, shown) {
    var forms = words[key] || {};
    var form = forms[plurals.select(n)] || forms.other || '';
    return form.replace('{count}', numbers.format(n)).replace('{shown}', numbers.format(shown || 0));
  }

  // A shard: its conversations ([slug, title, [turn, role, …]]) and their turns' texts, one
  // string, sent compressed (zlib, in base64) and inflated as it arrives.
  window.crSearchShard = function (n, docs, packed) {
    arrived[n] = inflate(packed).then(function (text) { return { docs: docs, text: text }; });
  };
  function inflate(base64) {
    var bytes;
    if (Uint8Array.fromBase64) bytes = Uint8Array.fromBase64(base64);
    else {
      var binary = atob(base64);
      bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return new Response(stream).text();
  }

  function fail() {
    if (state !== 'loading') return;
    state = 'failed';
    status.textContent = words.failed || '';
  }

  function load() {
    if (state !== 'idle') return;
    state = 'loading';
    loadStarted = performance.now();
    var remaining = shardCount;
    // Ready once every shard's text is in lower case, which is most of the folding; accents are
    // folded after that, a shard at a time, and a query that comes first folds what is left.
    function done(held) {
      if (state !== 'loading') return;
      shards = [];
      for (var s = 0; s < shardCount; s++) {
        var shard = held[s] || { docs: [], text: '' };
        var turnDoc = [];
        var turnIndex = [];
        var turnRole = [];
        shard.docs.forEach(function (doc, d) {
          for (var t = 0; t < doc[2].length; t += 2) {
            turnDoc.push(d);
            turnIndex.push(doc[2][t]);
            turnRole.push(doc[2][t + 1]);
          }
        });
        shard.turnDoc = turnDoc;
        shard.turnIndex = turnIndex;
        shard.turnRole = turnRole;
        shard.folded = shard.text.toLowerCase();
        shard.starts = bounds(shard.folded, turnDoc.length);
        shard.textStarts = null;
        if (nonAscii.test(shard.folded)) pending.push(shard);
        shards.push(shard);
      }
      arrived = [];
      state = 'ready';
      form.setAttribute('data-cr-load-ms', String(Math.round(performance.now() - loadStarted)));
      setTimeout(foldInSlices, 0);
      run();
    }
    function inflated() {
      var waiting = [];
      for (var s = 0; s < shardCount; s++) waiting.push(arrived[s]);
      Promise.all(waiting).then(done, fail);
    }
    if (!remaining) { done([]); return; }
    for (var s = 0; s < shardCount; s++) {
      var script = document.createElement('script');
      script.src = root + 'search/' + s + '.js';
      script.onload = function () { if (--remaining === 0 && state === 'loading') inflated(); };
      script.onerror = fail;
      document.head.appendChild(script);
    }
  }

  function foldShard(shard) {
    shard.folded = fold(shard.text);
    shard.starts = bounds(shard.folded, shard.turnDoc.length);
  }
  function foldInSlices() {
    if (pending.length) foldShard(pending.shift());
    if (pending.length) setTimeout(foldInSlices, 0);
    else form.setAttribute('data-cr-folded-ms', String(Math.round(performance.now() - loadStarted)));
  }

  function turnText(shard, k) {
    if (!shard.textStarts) shard.textStarts = bounds(shard.text, shard.turnDoc.length);
    return shard.text.substring(shard.textStarts[k], shard.textStarts[k + 1] - 1);
  }

  function snippet(text, terms) {
    var plain = !nonAscii.test(text);
    var mapped = plain ? { text: text.toLowerCase(), map: null } : foldMap(text);
    function at(i) { return mapped.map ? mapped.map[i] : i; }
    var first = mapped.text.indexOf(terms[0]);
    if (first < 0) first = 0;
    var start = Math.max(0, at(first) - 60);
    var end = Math.min(text.length, at(first) + 140);
    if (start > 0) { var space = text.indexOf(' ', start); if (space >= 0 && space < at(first)) start = space + 1; }
    if (end < text.length) { var back = text.lastIndexOf(' ', end); if (back > at(first)) end = back; }
    var ranges = [];
    terms.forEach(function (term) {
      var from = 0;
      for (;;) {
        var i = mapped.text.indexOf(term, from);
        if (i < 0) break;
        var a = at(i);
        var b = at(i + term.length);
        if (a >= end) break;
        if (b > start) ranges.push([Math.max(a, start), Math.min(b, end)]);
        from = i + Math.max(1, term.length);
      }
    });
    ranges.sort(function (x, y) { return x[0] - y[0]; });
    var span = document.createElement('span');
    span.className = 'cr-search-hit-text';
    span.dir = 'auto';
    var cursor = start;
    if (start > 0) span.append('…');
    ranges.forEach(function (r) {
      if (r[1] <= cursor) return;
      var a = Math.max(r[0], cursor);
      if (a > cursor) span.append(text.slice(cursor, a));
      var mark = document.createElement('mark');
      mark.textContent = text.slice(a, r[1]);
      span.append(mark);
      cursor = r[1];
    });
    span.append(text.slice(cursor, end));
    if (end < text.length) span.append('…');
    return span;
  }

  // Every turn holding every word of the query: the first word's matches are found in each
  // shard's one folded text, and each turn they fall in is checked for the others.
  // A hit's conversation's date (seconds since 1970), or -Infinity when it has none.
  function hitDate(hit) {
    var doc = hit[0].docs[hit[0].turnDoc[hit[1]]];
    return typeof doc[3] === 'number' ? doc[3] : -Infinity;
  }
  function search(query) {
    var terms = fold(query).replace(/[\u0000-\u001f]/g, ' ').split(/\s+/).filter(Boolean);
    var hits = [];
    var count = 0;
    if (!terms.length || !shards) return { terms: terms, hits: hits, count: count };
    while (pending.length) foldShard(pending.shift());
    var first = terms[0];
    // Each shard's hits come newest first (its conversations are in the index's order); the
    // first LIMIT of each are merged by their conversations' dates, so results are newest first
    // whichever shard holds them. Undated conversations come last; a tie keeps the shards' order.
    var lists = [];
    for (var s = 0; s < shards.length; s++) {
      var shard = shards[s];
      var found = [];
      lists.push(found);
      var text = shard.folded;
      var starts = shard.starts;
      var from = 0;
      for (;;) {
        var at = text.indexOf(first, from);
        if (at < 0) break;
        var k = turnAt(starts, at);
        from = starts[k + 1];
        if (terms.length > 1) {
          var turn = text.substring(starts[k], starts[k + 1] - 1);
          var all = true;
          for (var j = 1; j < terms.length; j++) { if (turn.indexOf(terms[j]) < 0) { all = false; break; } }
          if (!all) continue;
        }
        count++;
        if (found.length < LIMIT) found.push([shard, k]);
      }
    }
    var next = lists.map(function () { return 0; });
    while (hits.length < LIMIT) {
      var best = -1;
      var bestDate = 0;
      for (var l = 0; l < lists.length; l++) {
        if (next[l] >= lists[l].length) continue;
        var date = hitDate(lists[l][next[l]]);
        if (best < 0 || date > bestDate) { best = l; bestDate = date; }
      }
      if (best < 0) break;
      hits.push(lists[best][next[best]++]);
    }
    return { terms: terms, hits: hits, count: count };
  }

  function show(result) {
    list.textContent = '';
    result.hits.forEach(function (hit) {
      var shard = hit[0];
      var k = hit[1];
      var doc = shard.docs[shard.turnDoc[k]];
      var li = document.createElement('li');
      var a = document.createElement('a');
      // The empty slug is the page itself (a page in chunks): its turn, and no title to repeat.
      a.href = (doc[0] ? root + encodeURIComponent(doc[0]) + '/index.html' : '') + '#cr-t' + shard.turnIndex[k];
      if (doc[1]) {
        var title = document.createElement('span');
        title.className = 'cr-search-hit-title';
        title.dir = 'auto';
        title.textContent = doc[1];
        a.append(title);
      }
      var who = document.createElement('span');
      who.className = 'cr-search-hit-who';
      who.textContent = (shard.turnRole[k] === 'u' ? words.you : words.assistant) || '';
      a.append(who, snippet(turnText(shard, k), result.terms));
      li.append(a);
      list.append(li);
    });
    if (!result.terms.length) status.textContent = '';
    else if (!result.count) status.textContent = words.none || '';
    else if (result.count > result.hits.length) status.textContent = counted('first', result.count, result.hits.length);
    else status.textContent = counted('count', result.count);
  }

  function run() {
    if (state === 'failed') return;
    if (!input.value.trim()) { show({ terms: [], hits: [], count: 0 }); return; }
    if (state !== 'ready') { status.textContent = words.loading || ''; load(); return; }
    var started = performance.now();
    var result = search(input.value);
    form.setAttribute('data-cr-query-ms', (performance.now() - started).toFixed(1));
    show(result);
    // What the results shown answer (tests and bench/ wait for it).
    form.setAttribute('data-cr-query', input.value);
  }

  // For measuring (bench/): the same search without drawing.
  window.crSearch = {
    load: load, search: search,
    ready: function () { return state === 'ready'; },
    folded: function () { return state === 'ready' && !pending.length; }
  };

  input.addEventListener('focus', load);
  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(run, 80);
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearTimeout(timer);
    run();
    var first = list.querySelector('a');
    if (first) first.focus();
  });
  form.addEventListener('keydown', function (event) {
    var links = Array.prototype.slice.call(list.querySelectorAll('a'));
    var at = links.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' && links.length) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      if (at === 0) input.focus(); else links[at - 1].focus();
    } else if (event.key === 'Escape' && (input.value || at >= 0)) {
      event.preventDefault();
      input.value = '';
      run();
      input.focus();
    }
  });
})();
