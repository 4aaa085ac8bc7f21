/* Compiles to nothing: checks cvips_functions.h, which cvips_shim.c uses instead of libvips's
 * headers, against those headers (libvips-dev, through the CVips target). */
#include <vips/vips.h>
#include "cvips_functions.h"

/* The scalar stand-ins cvips_shim.c declares for GLib's types. */
_Static_assert(__builtin_types_compatible_p(gboolean, int), "gboolean is not int");
_Static_assert(__builtin_types_compatible_p(gchar, char), "gchar is not char");

#define CHECK_FUNCTION(ret, name, params, attributes) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), ret (*) params), \
                   #name " is declared differently in libvips's headers");
CVIPS_FUNCTIONS(CHECK_FUNCTION)

#define CHECK_CONSTANT(name, value) \
    _Static_assert(name == value, #name " has a different value in libvips's headers");
CVIPS_CONSTANTS(CHECK_CONSTANT)

#define CHECK_FIELD_NAME(name, value) \
    _Static_assert(__builtin_strcmp(name, value) == 0, #name " is a different name in libvips's headers");
CVIPS_FIELD_NAMES(CHECK_FIELD_NAME)

_Static_assert(VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE == CVIPS_ABI,
               "the installed libvips-dev is not the ABI cvips_functions.h describes");
