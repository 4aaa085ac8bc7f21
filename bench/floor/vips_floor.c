/* The in-process libvips floor for the photo benchmark: the least work that makes chatrender's web
 * images, with the same library, in one process.
 *
 * For every photo it decodes the file once (libvips's thumbnail operation: shrink-on-load where the
 * format has it, EXIF orientation applied, failing on truncated input — the loader options
 * chatrender uses), keeps that largest image in memory, saves it, and makes every smaller size
 * from it in memory. Every image is WebP at the given quality with all metadata stripped. Two
 * photos are made at a time, on two threads, each with one libvips worker thread. There is no
 * hashing, no naming, no page, no cache: only decode, resize and encode.
 *
 * Colour: by default every photo is converted to libvips's sRGB profile (`export_profile`), as
 * chatrender once did for every photo. With --no-colour-management none is: the pixels stay as
 * decoded, which is what chatrender now does for a photo without a profile or with an sRGB one
 * (the benchmark's photos have none), so that mode is the floor for them.
 *
 *   usage: vips_floor [--no-colour-management] JOBS OUTDIR [QUALITY] [THREADS]
 * JOBS is a text file with one photo a line: its path, a tab, then its sizes, largest first,
 * separated by tabs, each `WIDTHxHEIGHT` (a box the image is shrunk into, never enlarged) or
 * `WIDTHxHEIGHTc` (a square cut from the centre). Images are written as OUTDIR/P-S.webp (photo
 * P, size S, from 0); one line `P S WIDTH HEIGHT` is printed for every image made.
 *
 * Build: cc -O2 -o vips_floor vips_floor.c $(pkg-config --cflags --libs vips) -lpthread */
#include <vips/vips.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 8

typedef struct {
    char *path;
    int count;
    int width[MAX_SIZES], height[MAX_SIZES], crop[MAX_SIZES];
    int out_width[MAX_SIZES], out_height[MAX_SIZES];
} job;

static job *jobs;
static int job_count;
static const char *out_dir;
static int quality = 80;
static int colour_management = 1;
static atomic_int next_job;
static atomic_int failed;

static int parse_line(char *line, job *j) {
    char *save = NULL;
    char *field = strtok_r(line, "\t\n", &save);
    if (!field) return -1;
    j->path = strdup(field);
    j->count = 0;
    while ((field = strtok_r(NULL, "\t\n", &save)) && j->count < MAX_SIZES) {
        int w, h;
        char c = 0;
        if (sscanf(field, "%dx%d%c", &w, &h, &c) < 2) return -1;
        j->width[j->count] = w;
        j->height[j->count] = h;
        j->crop[j->count] = c == 'c';
        j->count++;
    }
    return j->count > 0 ? 0 : -1;
}

/* Saves `image` as WebP without metadata; records its size. libvips 8.14's WebP saver keeps the
 * ICC profile (the sRGB one the thumbnail step attaches) and EXIF despite `strip`, so those fields
 * are removed from a copy first, as chatrender does (a copy shares the pixels: no work). */
static int save(VipsImage *image, int photo, int size, job *j) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%d-%d.webp", out_dir, photo, size);
    VipsImage *copy = NULL;
    if (vips_copy(image, &copy, NULL) != 0) return -1;
    gchar **fields = vips_image_get_fields(copy);
    for (int i = 0; fields[i]; i++) {
        if (strncmp(fields[i], "exif-", 5) == 0 || strcmp(fields[i], VIPS_META_EXIF_NAME) == 0 ||
            strcmp(fields[i], VIPS_META_XMP_NAME) == 0 || strcmp(fields[i], VIPS_META_IPTC_NAME) == 0 ||
            strcmp(fields[i], VIPS_META_PHOTOSHOP_NAME) == 0 || strcmp(fields[i], VIPS_META_ICC_NAME) == 0 ||
            strcmp(fields[i], VIPS_META_ORIENTATION) == 0 || strcmp(fields[i], VIPS_META_RESOLUTION_UNIT) == 0)
            vips_image_remove(copy, fields[i]);
    }
    g_strfreev(fields);
    int result = vips_webpsave(copy, path, "Q", quality, "strip", TRUE, NULL);
    if (result == 0) {
        j->out_width[size] = vips_image_get_width(copy);
        j->out_height[size] = vips_image_get_height(copy);
    }
    g_object_unref(copy);
    return result;
}

static int make(int photo) {
    job *j = &jobs[photo];
    VipsImage *first = NULL;
    int failed = colour_management
        ? vips_thumbnail(j->path, &first, j->width[0],
                         "height", j->height[0],
                         "size", VIPS_SIZE_DOWN,
                         "crop", j->crop[0] ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                         "export_profile", "srgb",
                         "fail_on", VIPS_FAIL_ON_TRUNCATED,
                         NULL)
        : vips_thumbnail(j->path, &first, j->width[0],
                         "height", j->height[0],
                         "size", VIPS_SIZE_DOWN,
                         "crop", j->crop[0] ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                         "fail_on", VIPS_FAIL_ON_TRUNCATED,
                         NULL);
    if (failed) return -1;
    /* The one decode: everything after this works from memory. */
    VipsImage *memory = vips_image_copy_memory(first);
    g_object_unref(first);
    if (!memory) return -1;
    int result = save(memory, photo, 0, j);
    for (int s = 1; result == 0 && s < j->count; s++) {
        VipsImage *smaller = NULL;
        if (vips_thumbnail_image(memory, &smaller, j->width[s],
                                 "height", j->height[s],
                                 "size", VIPS_SIZE_DOWN,
                                 "crop", j->crop[s] ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                 NULL) != 0) { result = -1; break; }
        result = save(smaller, photo, s, j);
        g_object_unref(smaller);
    }
    g_object_unref(memory);
    return result;
}

static void *worker(void *unused) {
    (void)unused;
    for (;;) {
        int photo = atomic_fetch_add(&next_job, 1);
        if (photo >= job_count || atomic_load(&failed)) break;
        if (make(photo) != 0) {
            fprintf(stderr, "vips_floor: %s: %s\n", jobs[photo].path, vips_error_buffer());
            atomic_store(&failed, 1);
        }
        vips_thread_shutdown();
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--no-colour-management") == 0) {
        colour_management = 0;
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: vips_floor [--no-colour-management] JOBS OUTDIR [QUALITY] [THREADS]\n");
        return 64;
    }
    if (VIPS_INIT(argv[0])) vips_error_exit(NULL);
    out_dir = argv[2];
    if (argc > 3) quality = atoi(argv[3]);
    int threads = argc > 4 ? atoi(argv[4]) : 2;
    if (threads < 1) threads = 1;
    /* One libvips worker per image: the photos themselves are the parallelism. */
    vips_concurrency_set(1);

    FILE *list = fopen(argv[1], "r");
    if (!list) { perror(argv[1]); return 66; }
    char line[8192];
    int capacity = 64;
    jobs = calloc(capacity, sizeof *jobs);
    while (fgets(line, sizeof line, list)) {
        if (line[0] == '\n' || line[0] == '\0') continue;
        if (job_count == capacity) {
            capacity *= 2;
            jobs = realloc(jobs, capacity * sizeof *jobs);
        }
        if (parse_line(line, &jobs[job_count]) != 0) {
            fprintf(stderr, "vips_floor: %s: line %d: expected PATH<TAB>WxH[c]...\n", argv[1], job_count + 1);
            return 65;
        }
        job_count++;
    }
    fclose(list);

    pthread_t tids[16];
    if (threads > 16) threads = 16;
    for (int t = 0; t < threads; t++) pthread_create(&tids[t], NULL, worker, NULL);
    for (int t = 0; t < threads; t++) pthread_join(tids[t], NULL);
    if (atomic_load(&failed)) return 1;
    for (int p = 0; p < job_count; p++)
        for (int s = 0; s < jobs[p].count; s++)
            printf("%d %d %d %d\n", p, s, jobs[p].out_width[s], jobs[p].out_height[s]);
    vips_shutdown();
    return 0;
}
