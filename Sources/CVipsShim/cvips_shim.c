#include "cvips_shim.h"
#include <string.h>

int cvips_init(const char *argv0, int allow_untrusted) {
    if (VIPS_INIT(argv0) != 0) return -1;
    vips_block_untrusted_set(allow_untrusted ? FALSE : TRUE);
    return 0;
}

VipsImage *cvips_header_from_file(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

int cvips_orientation(VipsImage *image) {
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) &&
        vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation) == 0 &&
        orientation >= 1 && orientation <= 8) {
        return orientation;
    }
    return 1;
}

int cvips_convert_to_png(const char *in, const char *out) {
    VipsImage *image = vips_image_new_from_file(in, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    VipsImage *rotated = NULL, *srgb = NULL;
    int result = -1;
    if (vips_autorot(image, &rotated, NULL) == 0 &&
        vips_colourspace(rotated, &srgb, VIPS_INTERPRETATION_sRGB, NULL) == 0 &&
        vips_pngsave(srgb, out, "strip", TRUE, NULL) == 0) {
        result = 0;
    }
    if (srgb) g_object_unref(srgb);
    if (rotated) g_object_unref(rotated);
    g_object_unref(image);
    return result;
}

static int is_private_field(const char *name) {
    return strncmp(name, "exif-", 5) == 0 || strcmp(name, VIPS_META_XMP_NAME) == 0 ||
           strcmp(name, VIPS_META_IPTC_NAME) == 0 || strcmp(name, VIPS_META_PHOTOSHOP_NAME) == 0 ||
           strcmp(name, VIPS_META_ICC_NAME) == 0 || strcmp(name, VIPS_META_ORIENTATION) == 0 ||
           strcmp(name, VIPS_META_RESOLUTION_UNIT) == 0;
}

/* Removes EXIF, XMP, IPTC, Photoshop and ICC blocks from `image` (a private copy). */
static void remove_private_fields(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    for (int i = 0; fields[i]; i++) {
        if (is_private_field(fields[i])) vips_image_remove(image, fields[i]);
    }
    g_strfreev(fields);
}

/* Saves `image` (not consumed) as cvips_thumbnail_save does after its thumbnail step. */
static int save_web_image(VipsImage *image, const char *out, int format, int quality, int keep_metadata,
                          int *out_width, int *out_height) {
    VipsImage *flat = NULL, *copy = NULL;
    VipsImage *current = image;
    int result = -1;
    if (format == CVIPS_JPEG && vips_image_hasalpha(current)) {
        double white[1] = { 255.0 };
        VipsArrayDouble *background = vips_array_double_new(white, 1);
        int failed = vips_flatten(current, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        if (failed) return -1;
        current = flat;
    }
    if (vips_copy(current, &copy, NULL) != 0) goto done;
    if (!keep_metadata) remove_private_fields(copy);
    gboolean strip = keep_metadata ? FALSE : TRUE;
    switch (format) {
    case CVIPS_WEBP: result = vips_webpsave(copy, out, "Q", quality, "strip", strip, NULL); break;
    case CVIPS_JPEG: result = vips_jpegsave(copy, out, "Q", quality, "strip", strip, "optimize_coding", TRUE, "interlace", TRUE, NULL); break;
    case CVIPS_AVIF: result = vips_heifsave(copy, out, "Q", quality, "strip", strip, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL); break;
    default: result = vips_pngsave(copy, out, "strip", strip, NULL); break;
    }
    if (result == 0) {
        *out_width = vips_image_get_width(copy);
        *out_height = vips_image_get_height(copy);
    }
done:
    if (copy) g_object_unref(copy);
    if (flat) g_object_unref(flat);
    return result;
}

int cvips_thumbnails_save(const char *in, cvips_variant *variants, int count,
                          int format, int quality, int keep_metadata) {
    if (count <= 0) return 0;
    VipsImage *first = NULL, *memory = NULL;
    if (vips_thumbnail(in, &first, variants[0].width,
                       "height", variants[0].height,
                       "size", VIPS_SIZE_DOWN,
                       "crop", variants[0].crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                       "export_profile", "srgb",
                       "fail_on", VIPS_FAIL_ON_TRUNCATED,
                       NULL) != 0) {
        return -1;
    }
    /* Decode once: everything after this works from memory. */
    memory = vips_image_copy_memory(first);
    g_object_unref(first);
    if (!memory) return -1;
    int result = save_web_image(memory, variants[0].out, format, quality, keep_metadata,
                                &variants[0].out_width, &variants[0].out_height);
    for (int i = 1; result == 0 && i < count; i++) {
        VipsImage *smaller = NULL;
        if (vips_thumbnail_image(memory, &smaller, variants[i].width,
                                 "height", variants[i].height,
                                 "size", VIPS_SIZE_DOWN,
                                 "crop", variants[i].crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                 NULL) != 0) {
            result = -1;
            break;
        }
        result = save_web_image(smaller, variants[i].out, format, quality, keep_metadata,
                                &variants[i].out_width, &variants[i].out_height);
        g_object_unref(smaller);
    }
    g_object_unref(memory);
    return result;
}

int cvips_thumbnail_save(const char *in, const char *out, int width, int height, int crop,
                         int format, int quality, int keep_metadata,
                         int *out_width, int *out_height) {
    VipsImage *thumb = NULL, *flat = NULL, *copy = NULL;
    int result = -1;
    if (vips_thumbnail(in, &thumb, width,
                       "height", height,
                       "size", VIPS_SIZE_DOWN,
                       "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                       "export_profile", "srgb",
                       "fail_on", VIPS_FAIL_ON_TRUNCATED,
                       NULL) != 0) {
        return -1;
    }
    VipsImage *current = thumb;
    if (format == CVIPS_JPEG && vips_image_hasalpha(current)) {
        double white[1] = { 255.0 };
        VipsArrayDouble *background = vips_array_double_new(white, 1);
        int failed = vips_flatten(current, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        if (failed) goto done;
        current = flat;
    }
    if (vips_copy(current, &copy, NULL) != 0) goto done;
    if (!keep_metadata) remove_private_fields(copy);
    gboolean strip = keep_metadata ? FALSE : TRUE;
    switch (format) {
    case CVIPS_WEBP:
        result = vips_webpsave(copy, out, "Q", quality, "strip", strip, NULL);
        break;
    case CVIPS_JPEG:
        result = vips_jpegsave(copy, out, "Q", quality, "strip", strip,
                               "optimize_coding", TRUE, "interlace", TRUE, NULL);
        break;
    case CVIPS_AVIF:
        result = vips_heifsave(copy, out, "Q", quality, "strip", strip,
                               "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL);
        break;
    default:
        result = vips_pngsave(copy, out, "strip", strip, NULL);
        break;
    }
    if (result == 0) {
        *out_width = vips_image_get_width(copy);
        *out_height = vips_image_get_height(copy);
    }
done:
    if (copy) g_object_unref(copy);
    if (flat) g_object_unref(flat);
    g_object_unref(thumb);
    return result;
}

void cvips_set_concurrency(int threads) {
    vips_concurrency_set(threads);
}

void cvips_take_error(char *buffer, size_t size) {
    if (size == 0) return;
    const char *message = vips_error_buffer();
    strncpy(buffer, message ? message : "", size - 1);
    buffer[size - 1] = '\0';
    vips_error_clear();
}
