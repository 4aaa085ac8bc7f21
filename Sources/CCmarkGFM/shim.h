// cmark-gfm's public API and its GitHub extensions (tables, autolinks, strikethrough).
// Debian installs the public headers at the top of the include folder; the cmark-gfm/ folder
// holds the library's internals, which chatrender does not use.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
