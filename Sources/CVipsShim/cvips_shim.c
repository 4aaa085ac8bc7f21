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

void cvips_take_error(char *buffer, size_t size) {
    if (size == 0) return;
    const char *message = vips_error_buffer();
    strncpy(buffer, message ? message : "", size - 1);
    buffer[size - 1] = '\0';
    vips_error_clear();
}
