#include "cvips_shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libvips is opened with dlopen, not linked: linking it made every run, even one without photos,
 * load and relocate about a hundred libraries before main. This file does not include libvips's
 * headers (their names would clash with the function pointers below); cvips_functions.h declares
 * what the shim uses, and cvips_header_check.c checks it against the installed headers. */
#include "cvips_functions.h"

/* libvips's and GLib's names, opaque or as they are on every platform libvips runs on. */
typedef cvips_image VipsImage;
typedef struct VipsArea VipsArea;
typedef VipsArea VipsArrayDouble;
typedef int gboolean;
typedef char gchar;
#define TRUE 1
#define FALSE 0
#define VIPS_AREA(area) ((VipsArea *)(area))

#define DEFINE_CONSTANT(name, value) name = value,
enum { CVIPS_CONSTANTS(DEFINE_CONSTANT) };
#undef DEFINE_CONSTANT
#define DEFINE_FIELD_NAME(name, value) static const char name[] = value;
CVIPS_FIELD_NAMES(DEFINE_FIELD_NAME)
#undef DEFINE_FIELD_NAME

#define DECLARE(ret, name, params, attributes) static ret (*name) params attributes;
CVIPS_FUNCTIONS(DECLARE)
#undef DECLARE

/* Tried in order; the unversioned name is a last resort (a development symlink) and must still
 * report ABI 42. */
static const char *const library_names[] = {
#ifdef __APPLE__
    "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib", "/usr/local/lib/libvips.42.dylib",
#else
    "libvips.so.42", "libvips.so",
#endif
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static atomic_int loaded;
static char load_error[512];

/* Opens one candidate and resolves every function; on failure says why in load_error. */
static int open_library(const char *library) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : library);
        return -1;
    }
    /* dlsym on the handle also finds GLib's and GObject's functions: libvips's dependencies. */
#define RESOLVE(ret, name, params, attributes) \
    if (!(name = (__typeof__(name))dlsym(handle, #name))) { \
        snprintf(load_error, sizeof load_error, "%s: no function %s (libvips too old?)", library, #name); \
        return -1; \
    }
    CVIPS_FUNCTIONS(RESOLVE)
#undef RESOLVE
    /* What VIPS_INIT checks: the library's ABI is the one declared above. */
    int abi = vips_version(3) - vips_version(5);
    if (abi != CVIPS_ABI) {
        snprintf(load_error, sizeof load_error, "%s: libvips ABI %d, chatrender needs ABI %d", library, abi, CVIPS_ABI);
        return -1;
    }
    return 0;
}

static void load_library(void) {
    char first_error[sizeof load_error] = "";
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0]; i++) {
        if (open_library(library_names[i]) == 0) {
            load_error[0] = '\0';
            atomic_store_explicit(&loaded, 1, memory_order_release);
            return;
        }
        /* The first candidate's failure is the one worth reporting ("cannot open shared object"). */
        if (i == 0) memcpy(first_error, load_error, sizeof first_error);
    }
    memcpy(load_error, first_error, sizeof load_error);
}

int cvips_load(void) {
    pthread_once(&load_once, load_library);
    return cvips_is_loaded() ? 0 : -1;
}

const char *cvips_load_error(void) {
    return cvips_is_loaded() ? "" : load_error;
}

const char *cvips_library_name(void) {
    return library_names[0];
}

int cvips_is_loaded(void) {
    return atomic_load_explicit(&loaded, memory_order_acquire);
}

int cvips_init(const char *argv0, int allow_untrusted) {
    if (cvips_load() != 0) return -1;
    if (vips_init(argv0) != 0) return -1;
    vips_block_untrusted_set(allow_untrusted ? FALSE : TRUE);
    return 0;
}

void cvips_allow_untrusted(int allow_untrusted) {
    if (!cvips_is_loaded()) return;
    vips_block_untrusted_set(allow_untrusted ? FALSE : TRUE);
}

void cvips_shutdown(void) {
    if (cvips_is_loaded()) vips_shutdown();
}

const char *cvips_find_loader(const char *path) {
    if (!cvips_is_loaded()) return NULL;
    return vips_foreign_find_load(path);
}

VipsImage *cvips_header_from_file(const char *path) {
    if (!cvips_is_loaded()) return NULL;
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

int cvips_width(VipsImage *image) {
    return vips_image_get_width(image);
}

int cvips_height(VipsImage *image) {
    return vips_image_get_height(image);
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

void cvips_unref(VipsImage *image) {
    if (image) g_object_unref(image);
}

int cvips_convert_to_png(const char *in, const char *out) {
    if (!cvips_is_loaded()) return -1;
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

/* Colour management. Browsers show an image without an ICC profile as sRGB, and an sRGB profile
 * says the pixels are sRGB already: for both, the pixels stay as decoded. Converting them anyway
 * (libvips's export to its sRGB profile) cost a fifth of a photo's CPU time and moved colours
 * that needed no moving (pure blue came out 85 levels redder). Any other profile (Display P3,
 * Adobe RGB, CMYK, a grey with another curve, …) is converted to sRGB with it.
 *
 * Whether a profile is sRGB is decided by what it does, not what it is called (names vary, and
 * compact profiles carry none worth trusting): sample colours spanning the gamut are converted
 * with it to libvips's sRGB, the same conversion the thumbnail would make, and a profile that
 * moves none of them by more than SRGB_TOLERANCE levels is sRGB. The verdict is kept for the
 * process, by the profile's bytes: a camera writes the same profile into every photo, and a
 * check costs a colour transform's set-up (about 10 ms). */
#define SRGB_TOLERANCE 2
#define SAMPLE_LEVELS 9
#define RGB_SAMPLES (SAMPLE_LEVELS * SAMPLE_LEVELS * SAMPLE_LEVELS)
#define GREY_SAMPLES 256
/* Verdicts kept, and the largest profile kept with one (matrix profiles are a few KB; larger
 * ones are tables, and are checked each time). */
#define VERDICTS 8
#define VERDICT_MAX_BYTES (64 * 1024)

static unsigned char rgb_samples[RGB_SAMPLES * 3], grey_samples[GREY_SAMPLES];
static pthread_once_t samples_once = PTHREAD_ONCE_INIT;

static void make_samples(void) {
    static const unsigned char levels[SAMPLE_LEVELS] = { 0, 32, 64, 96, 128, 160, 192, 224, 255 };
    int n = 0;
    for (int r = 0; r < SAMPLE_LEVELS; r++)
        for (int g = 0; g < SAMPLE_LEVELS; g++)
            for (int b = 0; b < SAMPLE_LEVELS; b++) {
                rgb_samples[n++] = levels[r];
                rgb_samples[n++] = levels[g];
                rgb_samples[n++] = levels[b];
            }
    for (int i = 0; i < GREY_SAMPLES; i++) grey_samples[i] = (unsigned char)i;
}

static struct { size_t length; unsigned char *bytes; int is_srgb; } verdicts[VERDICTS];
static int next_verdict;
static pthread_mutex_t verdicts_lock = PTHREAD_MUTEX_INITIALIZER;

/* 1 when the RGB (bands 3) or grey (bands 1) profile converts the samples to sRGB within the
 * tolerance, 0 when not, -1 when the conversion failed. */
static int profile_keeps_samples(const void *profile, size_t length, int bands) {
    pthread_once(&samples_once, make_samples);
    const unsigned char *samples = bands == 3 ? rgb_samples : grey_samples;
    int count = bands == 3 ? RGB_SAMPLES : GREY_SAMPLES;
    /* The samples are static: libvips's operation cache may hold the image after this returns. */
    VipsImage *raw = vips_image_new_from_memory(samples, (size_t)count * bands, count, 1, bands, VIPS_FORMAT_UCHAR);
    if (!raw) return -1;
    VipsImage *tagged = NULL, *converted = NULL;
    unsigned char *out = NULL;
    size_t size = 0;
    int result = -1;
    if (vips_copy(raw, &tagged, "interpretation", bands == 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W, NULL) != 0)
        goto done;
    vips_image_set_blob_copy(tagged, VIPS_META_ICC_NAME, profile, length);
    /* As vips_thumbnail converts: relative intent, the embedded profile, 8 bits out. */
    if (vips_icc_transform(tagged, &converted, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_RELATIVE,
                           "depth", 8, NULL) != 0)
        goto done;
    if (vips_image_get_bands(converted) != 3 || !(out = vips_image_write_to_memory(converted, &size)) ||
        size != (size_t)count * 3)
        goto done;
    result = 1;
    for (int i = 0; i < count * 3 && result; i++) {
        int expected = bands == 3 ? samples[i] : samples[i / 3];
        int difference = out[i] > expected ? out[i] - expected : expected - out[i];
        if (difference > SRGB_TOLERANCE) result = 0;
    }
done:
    if (out) g_free(out);
    if (converted) g_object_unref(converted);
    if (tagged) g_object_unref(tagged);
    g_object_unref(raw);
    return result;
}

/* Whether an embedded profile is sRGB for pixels of `bands` channels (1: grey, 3: colour). */
static int profile_is_srgb(const unsigned char *profile, size_t length, int bands) {
    int cacheable = length <= VERDICT_MAX_BYTES;
    if (cacheable) {
        pthread_mutex_lock(&verdicts_lock);
        for (int i = 0; i < VERDICTS; i++) {
            if (verdicts[i].bytes && verdicts[i].length == length && memcmp(verdicts[i].bytes, profile, length) == 0) {
                int is_srgb = verdicts[i].is_srgb;
                pthread_mutex_unlock(&verdicts_lock);
                return is_srgb;
            }
        }
        pthread_mutex_unlock(&verdicts_lock);
    }
    int kept = profile_keeps_samples(profile, length, bands);
    /* A conversion that fails here fails in the thumbnail too, which reports it. */
    if (kept < 0) return 0;
    if (cacheable) {
        unsigned char *copy = malloc(length);
        if (copy) {
            memcpy(copy, profile, length);
            pthread_mutex_lock(&verdicts_lock);
            free(verdicts[next_verdict].bytes);
            verdicts[next_verdict].bytes = copy;
            verdicts[next_verdict].length = length;
            verdicts[next_verdict].is_srgb = kept;
            next_verdict = (next_verdict + 1) % VERDICTS;
            pthread_mutex_unlock(&verdicts_lock);
        }
    }
    return kept;
}

/* Whether the photo at `in` is converted to sRGB with its profile (see above): it has one, and
 * it is not sRGB. A profile that is not for these pixels (an RGB profile on a grey image) is left
 * to libvips's conversion, as before. Returns 1 or 0, or -1 when the header cannot be read. */
static int needs_srgb_conversion(const char *in) {
    VipsImage *header = vips_image_new_from_file(in, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!header) return -1;
    const void *data = NULL;
    size_t length = 0;
    int convert = 0;
    if (vips_image_get_typeof(header, VIPS_META_ICC_NAME) &&
        vips_image_get_blob(header, VIPS_META_ICC_NAME, &data, &length) == 0 && data && length > 0) {
        convert = 1;
        /* The profile's colour space, at bytes 16–19 of its header. */
        const unsigned char *profile = data;
        int interpretation = vips_image_get_interpretation(header);
        int bands = vips_image_get_bands(header);
        int colour = length >= 132 && memcmp(profile + 16, "RGB ", 4) == 0 && (bands == 3 || bands == 4) &&
                     (interpretation == VIPS_INTERPRETATION_sRGB || interpretation == VIPS_INTERPRETATION_RGB16);
        int grey = length >= 132 && memcmp(profile + 16, "GRAY", 4) == 0 && (bands == 1 || bands == 2) &&
                   (interpretation == VIPS_INTERPRETATION_B_W || interpretation == VIPS_INTERPRETATION_GREY16);
        if ((colour || grey) && profile_is_srgb(profile, length, colour ? 3 : 1)) convert = 0;
    }
    g_object_unref(header);
    return convert;
}

/* libvips's thumbnail operation on a file, with chatrender's options: shrink-on-load, EXIF
 * orientation, `size` down only, a centre crop when asked, failing on truncated input, and
 * converted to sRGB only when the photo's profile says it is not sRGB already. */
static int thumbnail_file(const char *in, VipsImage **out, int width, int height, int crop) {
    int convert = needs_srgb_conversion(in);
    if (convert < 0) return -1;
    if (convert) {
        return vips_thumbnail(in, out, width,
                              "height", height,
                              "size", VIPS_SIZE_DOWN,
                              "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                              "export_profile", "srgb",
                              "fail_on", VIPS_FAIL_ON_TRUNCATED,
                              NULL);
    }
    return vips_thumbnail(in, out, width,
                          "height", height,
                          "size", VIPS_SIZE_DOWN,
                          "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                          "fail_on", VIPS_FAIL_ON_TRUNCATED,
                          NULL);
}

int cvips_thumbnails_save(const char *in, cvips_variant *variants, int count,
                          int format, int quality, int keep_metadata) {
    if (count <= 0) return 0;
    if (!cvips_is_loaded()) return -1;
    VipsImage *first = NULL, *memory = NULL;
    if (thumbnail_file(in, &first, variants[0].width, variants[0].height, variants[0].crop) != 0) return -1;
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
    if (!cvips_is_loaded()) return -1;
    VipsImage *thumb = NULL, *flat = NULL, *copy = NULL;
    int result = -1;
    if (thumbnail_file(in, &thumb, width, height, crop) != 0) return -1;
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
    if (!cvips_is_loaded()) return;
    vips_concurrency_set(threads);
}

void cvips_take_error(char *buffer, size_t size) {
    if (size == 0) return;
    const char *message = cvips_is_loaded() ? vips_error_buffer() : load_error;
    strncpy(buffer, message ? message : "", size - 1);
    buffer[size - 1] = '\0';
    if (cvips_is_loaded()) vips_error_clear();
}

int cvips_decode_rgba(const void *data, size_t length, unsigned char **out_pixels,
                      int *out_width, int *out_height) {
    if (!cvips_is_loaded()) return -1;
    VipsImage *image = vips_image_new_from_buffer(data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    VipsImage *srgb = NULL, *opaque = NULL, *bytes = NULL;
    int result = -1;
    if (vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) goto done;
    VipsImage *current = srgb;
    if (!vips_image_hasalpha(current)) {
        if (vips_bandjoin_const1(current, &opaque, 255.0, NULL) != 0) goto done;
        current = opaque;
    }
    if (vips_cast_uchar(current, &bytes, NULL) != 0) goto done;
    if (vips_image_get_bands(bytes) != 4) {
        vips_error("cvips_decode_rgba", "expected 4 bands after conversion, found %d", vips_image_get_bands(bytes));
        goto done;
    }
    size_t size = 0;
    void *pixels = vips_image_write_to_memory(bytes, &size);
    if (!pixels) goto done;
    *out_pixels = pixels;
    *out_width = vips_image_get_width(bytes);
    *out_height = vips_image_get_height(bytes);
    result = 0;
done:
    if (bytes) g_object_unref(bytes);
    if (opaque) g_object_unref(opaque);
    if (srgb) g_object_unref(srgb);
    g_object_unref(image);
    return result;
}

int cvips_encode_rgba_png(const unsigned char *pixels, int width, int height,
                          void **out_data, size_t *out_length) {
    if (!cvips_is_loaded()) return -1;
    VipsImage *image = vips_image_new_from_memory(pixels, (size_t)width * (size_t)height * 4,
                                                  width, height, 4, VIPS_FORMAT_UCHAR);
    if (!image) return -1;
    VipsImage *tagged = NULL;
    int result = -1;
    if (vips_copy(image, &tagged, "interpretation", VIPS_INTERPRETATION_sRGB, NULL) == 0 &&
        vips_pngsave_buffer(tagged, out_data, out_length, "compression", 6, "strip", TRUE, NULL) == 0) {
        result = 0;
    }
    if (tagged) g_object_unref(tagged);
    g_object_unref(image);
    return result;
}

void cvips_free(void *buffer) {
    if (buffer && cvips_is_loaded()) g_free(buffer);
}
