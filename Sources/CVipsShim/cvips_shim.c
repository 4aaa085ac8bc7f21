#include "cvips_shim.h"

int cvips_init(const char *argv0) {
    return VIPS_INIT(argv0);
}

/* Opens only the header: sequential access, nothing decoded until pixels are asked for. */
VipsImage *cvips_header_from_file(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}
