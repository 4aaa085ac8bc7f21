#!/usr/bin/env python3
"""The site's search in headless Chromium, on a site rendered from a large export
(`make_chatgpt_export.py`, then `chatrender render --from chatgpt EXPORT --out SITE`):

- load: the index page opened from file://, then the search index loaded as the search field's
  first focus does: ready (every shard's script fetched and run, every text in lower case) and
  folded (the accents of texts with non-ASCII characters too, done in slices after ready, or by
  the first query if it comes sooner); median of --runs fresh page loads, by the page's clock;
- query: each query answered (`crSearch.search`, no drawing) --repeat times, median and worst;
  and once through the form (search and drawing the results list);
- the shards: how many and their sizes.

usage: search.py SITE [--runs 5] [--repeat 20]      (run with the browser tests' .venv python)
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "Browser"))
import browser_support as bs  # noqa: E402

QUERIES = ["quillwort", "garden", "the", "tram ticket", "crème", "東京", "zzzz-no-match"]

LOAD_JS = """
const done = arguments[arguments.length - 1];
const form = document.querySelector('.cr-search');
const started = performance.now();
window.crSearch.load();
let ready = 0;
(function wait() {
  if (!ready && window.crSearch.ready()) ready = performance.now() - started;
  if (window.crSearch.folded()) done({ms: ready, folded: performance.now() - started});
  else setTimeout(wait, 1);
})();
"""

QUERY_JS = """
const [query, repeat] = arguments;
const times = [];
let count = 0;
for (let i = 0; i < repeat; i++) {
  const t = performance.now();
  count = window.crSearch.search(query).count;
  times.push(performance.now() - t);
}
const form = document.querySelector('.cr-search');
const input = form.querySelector('input');
input.value = query;
const t = performance.now();
form.requestSubmit();
const drawn = performance.now() - t;
return {times, count, drawn, shown: form.querySelectorAll('.cr-search-results li').length};
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    shards = sorted((args.site / "search").glob("*.js"), key=lambda p: int(p.stem))
    sizes = [p.stat().st_size for p in shards]
    print(f"shards: {len(shards)}, total {sum(sizes) / 1e6:.1f} MB, largest {max(sizes) / 1e6:.2f} MB, "
          f"smallest {min(sizes) / 1e6:.2f} MB")
    driver = bs.start_chrome(logging=False)
    try:
        loads = []
        for _ in range(args.runs):
            driver.get((args.site / "index.html").as_uri())
            loads.append(driver.execute_async_script(LOAD_JS))
        print(f"index ready (answers queries): median {statistics.median(l['ms'] for l in loads):.0f} ms "
              f"(runs: {', '.join(str(round(l['ms'])) for l in loads)})")
        print(f"every text folded (accents too): median {statistics.median(l['folded'] for l in loads):.0f} ms "
              f"(runs: {', '.join(str(round(l['folded'])) for l in loads)})")
        print()
        print("| query | matching turns | median (ms) | worst (ms) | search and draw (ms) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for query in QUERIES:
            r = driver.execute_script(QUERY_JS, query, args.repeat)
            print(f"| `{query}` | {r['count']} | {statistics.median(r['times']):.1f} | {max(r['times']):.1f} | {r['drawn']:.1f} |")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
