#ifndef CVIPS_FUNCTIONS_H
#define CVIPS_FUNCTIONS_H

/* What the shim uses from libvips and GLib, written out so cvips_shim.c can call them through
 * dlopen without libvips's headers, which would declare the same names as functions.
 * cvips_header_check.c compiles this list against the installed headers: a prototype, value or
 * field name that differs from them fails the build. The types named here (VipsImage, gboolean, …)
 * are the headers' own in the check and stand-ins of the same layout in cvips_shim.c. */

/* The ABI (libvips's "current - age") the declarations below describe: the 42 in libvips.so.42. */
#define CVIPS_ABI 42

/* Option lists end with NULL: `sentinel` makes a missing terminator a build error
 * (-Werror=sentinel), as it did with libvips's own headers. */
#define NULL_TERMINATED __attribute__((sentinel))

/* Every libvips and GLib function the shim calls: return type, name, parameters, attributes.
 * cvips_shim.c turns each into a function pointer of the same name, resolved with dlsym.
 * Enum parameters are declared as int, which C makes compatible with libvips's enums. */
#define CVIPS_FUNCTIONS(X) \
    X(int, vips_version, (int flag), ) \
    X(int, vips_init, (const char *argv0), ) \
    X(void, vips_shutdown, (void), ) \
    X(void, vips_block_untrusted_set, (gboolean state), ) \
    X(void, vips_concurrency_set, (int concurrency), ) \
    X(const char *, vips_error_buffer, (void), ) \
    X(void, vips_error_clear, (void), ) \
    X(void, vips_error, (const char *domain, const char *fmt, ...), __attribute__((format(printf, 2, 3)))) \
    X(const char *, vips_foreign_find_load, (const char *filename), ) \
    X(VipsImage *, vips_image_new_from_file, (const char *name, ...), NULL_TERMINATED) \
    X(VipsImage *, vips_image_new_from_buffer, (const void *buf, size_t len, const char *option_string, ...), NULL_TERMINATED) \
    X(VipsImage *, vips_image_new_from_memory, (const void *data, size_t size, int width, int height, int bands, int format), ) \
    X(VipsImage *, vips_image_copy_memory, (VipsImage *image), ) \
    X(void *, vips_image_write_to_memory, (VipsImage *in, size_t *size), ) \
    X(int, vips_image_get_width, (const VipsImage *image), ) \
    X(int, vips_image_get_height, (const VipsImage *image), ) \
    X(int, vips_image_get_bands, (const VipsImage *image), ) \
    X(int, vips_image_get_interpretation, (const VipsImage *image), ) \
    X(gboolean, vips_image_hasalpha, (VipsImage *image), ) \
    X(size_t, vips_image_get_typeof, (const VipsImage *image, const char *name), ) \
    X(int, vips_image_get_int, (const VipsImage *image, const char *name, int *out), ) \
    X(int, vips_image_get_blob, (const VipsImage *image, const char *name, const void **data, size_t *length), ) \
    X(void, vips_image_set_blob_copy, (VipsImage *image, const char *name, const void *data, size_t length), ) \
    X(gchar **, vips_image_get_fields, (VipsImage *image), ) \
    X(gboolean, vips_image_remove, (VipsImage *image, const char *name), ) \
    X(VipsArrayDouble *, vips_array_double_new, (const double *array, int n), ) \
    X(void, vips_area_unref, (VipsArea *area), ) \
    X(int, vips_thumbnail, (const char *filename, VipsImage **out, int width, ...), NULL_TERMINATED) \
    X(int, vips_thumbnail_image, (VipsImage *in, VipsImage **out, int width, ...), NULL_TERMINATED) \
    X(int, vips_autorot, (VipsImage *in, VipsImage **out, ...), NULL_TERMINATED) \
    X(int, vips_colourspace, (VipsImage *in, VipsImage **out, int space, ...), NULL_TERMINATED) \
    X(int, vips_icc_transform, (VipsImage *in, VipsImage **out, const char *output_profile, ...), NULL_TERMINATED) \
    X(int, vips_flatten, (VipsImage *in, VipsImage **out, ...), NULL_TERMINATED) \
    X(int, vips_copy, (VipsImage *in, VipsImage **out, ...), NULL_TERMINATED) \
    X(int, vips_bandjoin_const1, (VipsImage *in, VipsImage **out, double c, ...), NULL_TERMINATED) \
    X(int, vips_cast_uchar, (VipsImage *in, VipsImage **out, ...), NULL_TERMINATED) \
    X(int, vips_webpsave, (VipsImage *in, const char *filename, ...), NULL_TERMINATED) \
    X(int, vips_jpegsave, (VipsImage *in, const char *filename, ...), NULL_TERMINATED) \
    X(int, vips_heifsave, (VipsImage *in, const char *filename, ...), NULL_TERMINATED) \
    X(int, vips_pngsave, (VipsImage *in, const char *filename, ...), NULL_TERMINATED) \
    X(int, vips_pngsave_buffer, (VipsImage *in, void **buf, size_t *len, ...), NULL_TERMINATED) \
    X(void, g_object_unref, (void *object), ) \
    X(void, g_strfreev, (gchar **str_array), ) \
    X(void, g_free, (void *mem), )

/* The enum values the shim passes (name, value). */
#define CVIPS_CONSTANTS(X) \
    X(VIPS_ACCESS_SEQUENTIAL, 1) \
    X(VIPS_INTERPRETATION_B_W, 1) \
    X(VIPS_INTERPRETATION_sRGB, 22) \
    X(VIPS_INTERPRETATION_RGB16, 25) \
    X(VIPS_INTERPRETATION_GREY16, 26) \
    X(VIPS_INTENT_RELATIVE, 1) \
    X(VIPS_FORMAT_UCHAR, 0) \
    X(VIPS_SIZE_DOWN, 2) \
    X(VIPS_INTERESTING_NONE, 0) \
    X(VIPS_INTERESTING_CENTRE, 1) \
    X(VIPS_FAIL_ON_TRUNCATED, 1) \
    X(VIPS_FOREIGN_HEIF_COMPRESSION_AV1, 4)

/* The metadata field names the shim reads or removes (name, value). */
#define CVIPS_FIELD_NAMES(X) \
    X(VIPS_META_ORIENTATION, "orientation") \
    X(VIPS_META_XMP_NAME, "xmp-data") \
    X(VIPS_META_IPTC_NAME, "iptc-data") \
    X(VIPS_META_PHOTOSHOP_NAME, "photoshop-data") \
    X(VIPS_META_ICC_NAME, "icc-profile-data") \
    X(VIPS_META_RESOLUTION_UNIT, "resolution-unit")

#endif
