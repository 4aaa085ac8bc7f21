#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H
#include <vips/vips.h>

/* Fixed-argument wrappers around libvips's variadic calls: Swift cannot call C variadics.
 * Built with -Werror=sentinel so a missing NULL terminator fails the build. */

/* Starts libvips once (VIPS_INIT is a macro) and blocks the loaders libvips marks untrusted
 * (SVG, PDF, ImageMagick, …) unless allow_untrusted is non-zero. Returns 0 on success. */
int cvips_init(const char *argv0, int allow_untrusted);

/* Opens an image's header only (sequential access: no pixels decoded). NULL on failure. */
VipsImage *cvips_header_from_file(const char *path);

/* The EXIF orientation (1–8), or 1 when there is none. */
int cvips_orientation(VipsImage *image);

/* Decodes `in` fully, applies EXIF orientation, converts to sRGB and writes a PNG without metadata.
 * For inputs browsers cannot show (HEIC, TIFF, …). Returns 0 on success. */
int cvips_convert_to_png(const char *in, const char *out);

/* Copies libvips's global error buffer into `buffer` and clears it. */
void cvips_take_error(char *buffer, size_t size);
#endif
