/* Lets cmark-gfm parses finish on several threads at once.
 *
 * cmark-gfm keeps the inline parser's table of special characters in one process-wide array.
 * cmark_parser_finish() calls cmark_manage_extensions_special_characters(parser, 1) before its
 * inline phase, which adds the attached extensions' characters (`~`, `:`, `w`), and the same
 * with 0 after it, which removes them again. A parse finishing on one thread therefore took the
 * characters away from a parse still in its inline phase on another, which then lost its
 * strikethrough and autolinks. The extensions' own character lists cannot simply be emptied:
 * the inline parser also reads them to tell which extension a `~` delimiter belongs to.
 *
 * This file defines that function under the same name. In an ELF executable a definition of a
 * symbol that a shared library calls through its PLT takes precedence over the library's own
 * (the executable comes first in the lookup scope), so cmark-gfm's calls arrive here. Once
 * cplatform_cmark_pin_special_characters() has added every extension's characters for good, the
 * calls do nothing: the table is written once, before the first parse, and only read after.
 * Until then, and for any caller before that, they go to cmark-gfm's own function.
 *
 * Where the definition does not take precedence (another platform or linker), cmark-gfm's calls
 * never reach it: cplatform_cmark_calls_arrive() stays 0 and the renderer keeps finishing parses
 * one at a time under a lock, which is correct everywhere. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "cplatform.h"
#include <dlfcn.h>
#include <stdatomic.h>

typedef void (*manage_function)(void *parser, int add);

static atomic_int pinned = 0;
static atomic_int arrived = 0;

/* cmark-gfm's own function: the next definition after this one in lookup order. */
static manage_function library_manage(void) {
    static _Atomic(manage_function) found = NULL;
    manage_function function = atomic_load(&found);
    if (function == NULL) {
        function = (manage_function)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
        atomic_store(&found, function);
    }
    return function;
}

__attribute__((visibility("default")))
void cmark_manage_extensions_special_characters(void *parser, int add) {
    atomic_store(&arrived, 1);
    if (atomic_load(&pinned)) return;
    manage_function function = library_manage();
    if (function != NULL) function(parser, add);
}

int cplatform_cmark_pin_special_characters(void *parser) {
    manage_function function = library_manage();
    if (function == NULL) return 0;
    function(parser, 1);
    atomic_store(&pinned, 1);
    return 1;
}

int cplatform_cmark_calls_arrive(void) { return atomic_load(&arrived); }
