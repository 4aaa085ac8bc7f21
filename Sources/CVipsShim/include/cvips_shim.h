#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H
#include <vips/vips.h>
/* Fixed-argument wrappers around libvips's variadic calls: Swift cannot call C variadics. */
int cvips_init(const char *argv0);
VipsImage *cvips_header_from_file(const char *path);
#endif
