#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H
#include <stddef.h>

/* Fixed-argument wrappers around libvips's variadic calls: Swift cannot call C variadics.
 * libvips is not linked: the shim opens it with dlopen on first use, so a run without photos
 * never loads it (nor the hundred libraries it pulls in). No libvips headers are needed.
 * Every call below except cvips_load, cvips_load_error, cvips_is_loaded and cvips_shutdown
 * fails (returns -1 or NULL) until cvips_load has succeeded. */

/* A libvips image (VipsImage), opaque here. Release it with cvips_unref. */
typedef struct cvips_image cvips_image;

/* Loads libvips and resolves every function the shim calls, once per process (safe to call from
 * several threads at once). Returns 0 when libvips is usable. */
int cvips_load(void);

/* Why cvips_load failed (names the library), or "" when it did not. */
const char *cvips_load_error(void);

/* The library file cvips_load looks for first (libvips.so.42 on Linux). */
const char *cvips_library_name(void);

/* Non-zero once cvips_load has succeeded in this process. */
int cvips_is_loaded(void);

/* Loads libvips if needed and starts it once (what VIPS_INIT does), blocking the loaders libvips
 * marks untrusted (SVG, PDF, ImageMagick, …) unless allow_untrusted is non-zero. Returns 0 on success. */
int cvips_init(const char *argv0, int allow_untrusted);

/* Blocks (0) or allows (non-zero) the untrusted loaders for the whole process. */
void cvips_allow_untrusted(int allow_untrusted);

/* Shuts libvips down (caches freed; leaks reported under VIPS_LEAK=1). Does nothing, and loads
 * nothing, when libvips was never loaded. */
void cvips_shutdown(void);

/* The name of the loader libvips would use for `path` (e.g. "VipsForeignLoadJpegFile"), or NULL
 * when no trusted loader reads it. */
const char *cvips_find_loader(const char *path);

/* Opens an image's header only (sequential access: no pixels decoded). NULL on failure. */
cvips_image *cvips_header_from_file(const char *path);

/* The image's size in pixels, as stored (before EXIF orientation). */
int cvips_width(cvips_image *image);
int cvips_height(cvips_image *image);

/* The EXIF orientation (1–8), or 1 when there is none. */
int cvips_orientation(cvips_image *image);

/* Drops a reference to an image from cvips_header_from_file. */
void cvips_unref(cvips_image *image);

/* Decodes `in` fully, applies EXIF orientation, converts to sRGB and writes a PNG without metadata.
 * For inputs browsers cannot show (HEIC, TIFF, …). Returns 0 on success. */
int cvips_convert_to_png(const char *in, const char *out);

/* Output formats for cvips_thumbnail_save. */
enum { CVIPS_WEBP = 0, CVIPS_JPEG = 1, CVIPS_AVIF = 2, CVIPS_PNG = 3 };

/* Makes one thumbnail with libvips's thumbnail operation (shrink-on-load, EXIF orientation
 * applied, failing on truncated input) and saves it. A photo with an ICC profile other than sRGB
 * (Display P3, Adobe RGB, CMYK, …) is converted to sRGB with it; one without a profile, or with
 * an sRGB one, keeps its pixels as decoded (browsers show untagged images as sRGB).
 * width/height bound the result (never upscaled); crop != 0 fills the box from the centre.
 * Unless keep_metadata, every EXIF, XMP and IPTC field is removed from a copy before saving and
 * the saver strips the rest (some savers keep EXIF despite `strip`).
 * On success returns 0 and the saved size in out_width/out_height. */
int cvips_thumbnail_save(const char *in, const char *out, int width, int height, int crop,
                         int format, int quality, int keep_metadata,
                         int *out_width, int *out_height);

/* One size of a batch: the box, whether to crop, and where to save it. */
typedef struct {
    int width, height, crop;
    const char *out;
    int out_width, out_height;  /* set on success */
} cvips_variant;

/* Makes every variant of one photo from a single decode: the first (largest) variant is made from
 * the file with the thumbnail operation (shrink-on-load, orientation, sRGB as cvips_thumbnail_save
 * decides, failing on truncated input) and kept in memory; the others are made from it. Saved as cvips_thumbnail_save does.
 * Returns 0 on success; on failure no variant is left half-written by this call's later steps. */
int cvips_thumbnails_save(const char *in, cvips_variant *variants, int count,
                          int format, int quality, int keep_metadata);

/* Sets libvips's worker threads per image (1 when several images are processed at once). */
void cvips_set_concurrency(int threads);

/* Copies libvips's global error buffer into `buffer` and clears it (the load error when libvips
 * could not be loaded). */
void cvips_take_error(char *buffer, size_t size);
/* Decodes an encoded image (PNG, JPEG, WebP, …) held in memory into 8-bit sRGB RGBA pixels, row by
 * row, 4 bytes a pixel (an opaque alpha is added when the image has none). On success returns 0,
 * the size, and a buffer the caller frees with cvips_free. For comparing screenshots. */
int cvips_decode_rgba(const void *data, size_t length, unsigned char **out_pixels,
                      int *out_width, int *out_height);

/* Encodes 8-bit RGBA pixels (width * height * 4 bytes) as a PNG without metadata. On success
 * returns 0 and a buffer the caller frees with cvips_free. */
int cvips_encode_rgba_png(const unsigned char *pixels, int width, int height,
                          void **out_data, size_t *out_length);

/* Frees a buffer returned by cvips_decode_rgba or cvips_encode_rgba_png. */
void cvips_free(void *buffer);
#endif
