#define _GNU_SOURCE
#include "cplatform.h"
#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>

int cplatform_rename_exchange(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

void cplatform_start_writeback(int fd, long long offset, long long length) {
#if defined(__linux__)
    (void)sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)length;
#endif
}

int cplatform_sync_filesystem(const char *path) {
#if defined(__linux__)
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    int result = syncfs(fd);
    int saved = errno;
    close(fd);
    errno = saved;
    return result;
#else
    (void)path;
    errno = ENOSYS;
    return -1;
#endif
}

/* Mapped files, for the SIGBUS handler. A slot is claimed (state 0 -> 1), filled in, then made
 * live (2); the handler looks at live slots only. */
enum { MAPPING_SLOTS = 64, SLOT_FREE = 0, SLOT_CLAIMED = 1, SLOT_LIVE = 2 };
static struct {
    atomic_int state;
    _Atomic(uintptr_t) start;
    _Atomic(uintptr_t) end;
    atomic_int cut;
} mappings[MAPPING_SLOTS];
static struct sigaction previous_bus_action;
static uintptr_t page_mask;
static pthread_once_t bus_handler_once = PTHREAD_ONCE_INIT;
static int bus_handler_installed;

static void on_bus_error(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int i = 0; i < MAPPING_SLOTS; i++) {
        if (atomic_load(&mappings[i].state) != SLOT_LIVE) continue;
        if (address >= atomic_load(&mappings[i].start) && address < atomic_load(&mappings[i].end)) {
            /* The page is past the file's new end: a page of zeros takes its place, and the
             * read that faulted runs again on it. */
            void *page = (void *)(address & page_mask);
            if (mmap(page, ~page_mask + 1, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) break;
            atomic_store(&mappings[i].cut, 1);
            return;
        }
    }
    /* Not a mapped input's: the handler that was there before takes it. */
    if ((previous_bus_action.sa_flags & SA_SIGINFO) && previous_bus_action.sa_sigaction != NULL) {
        previous_bus_action.sa_sigaction(signal, info, context);
        return;
    }
    /* The default action (or an ignored one, which the kernel overrides for a fault): put it
     * back, and the instruction faults again under it. */
    sigaction(SIGBUS, &previous_bus_action, NULL);
}

static void install_bus_handler(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size <= 0) return;
    page_mask = ~((uintptr_t)size - 1);
    struct sigaction action = {0};
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previous_bus_action) == 0) bus_handler_installed = 1;
}

const void *cplatform_map_file(int fd, size_t size) {
    pthread_once(&bus_handler_once, install_bus_handler);
    if (!bus_handler_installed) { errno = ENOTSUP; return NULL; }
    if (size == 0) { errno = EINVAL; return NULL; }
    void *mapped = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapped == MAP_FAILED) return NULL;
    for (int i = 0; i < MAPPING_SLOTS; i++) {
        int expected = SLOT_FREE;
        if (!atomic_compare_exchange_strong(&mappings[i].state, &expected, SLOT_CLAIMED)) continue;
        atomic_store(&mappings[i].start, (uintptr_t)mapped);
        atomic_store(&mappings[i].end, (uintptr_t)mapped + size);
        atomic_store(&mappings[i].cut, 0);
        atomic_store(&mappings[i].state, SLOT_LIVE);
        return mapped;
    }
    munmap(mapped, size);
    errno = EBUSY;
    return NULL;
}

static int mapping_slot(const void *mapping) {
    for (int i = 0; i < MAPPING_SLOTS; i++) {
        if (atomic_load(&mappings[i].state) == SLOT_LIVE && atomic_load(&mappings[i].start) == (uintptr_t)mapping) return i;
    }
    return -1;
}

int cplatform_mapping_was_cut(const void *mapping) {
    int slot = mapping_slot(mapping);
    return slot >= 0 && atomic_load(&mappings[slot].cut);
}

void cplatform_unmap_file(const void *mapping, size_t size) {
    int slot = mapping_slot(mapping);
    if (slot >= 0) atomic_store(&mappings[slot].state, SLOT_CLAIMED);
    munmap((void *)mapping, size);
    if (slot >= 0) atomic_store(&mappings[slot].state, SLOT_FREE);
}

static int remove_entry(const char *path, const struct stat *info, int type, struct FTW *where) {
    (void)info; (void)where;
    return type == FTW_DP ? rmdir(path) : unlink(path);
}

int cplatform_remove_tree(const char *path) {
    struct stat info;
    if (lstat(path, &info) != 0) return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(info.st_mode)) return unlink(path);
    /* FTW_DEPTH: a folder after what it holds; FTW_PHYS: a link is removed, never followed. */
    return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void cplatform_reserve_heap(size_t bytes) {
#if defined(__GLIBC__)
    static __thread size_t reserved;
    if (bytes <= reserved) return;
    /* In blocks under the size glibc is told to map on their own (see
     * cplatform_keep_freed_memory), so each comes from the heap; freed at once, they join its
     * top, which the large trim threshold keeps (without it the pages are dropped again, but the
     * heap's bounds stay grown). Through volatile pointers so the pairs are not optimised away. */
    enum { BLOCK = 7 << 20, MOST = 8 };
    void *volatile blocks[MOST];
    size_t count = 0;
    for (size_t left = bytes - reserved; left > 0 && count < MOST; count++) {
        size_t size = left < BLOCK ? left : BLOCK;
        blocks[count] = malloc(size);
        left -= size;
    }
    for (size_t i = 0; i < count; i++) free(blocks[i]);
    reserved = bytes;
#else
    (void)bytes;
#endif
}

void cplatform_keep_freed_memory(void) {
#if defined(__GLIBC__)
    /* Blocks up to 32 MiB come from the heap and are reused once freed: a page's chunk buffers,
     * the decoded messages, and a photo's display image (2560 × 1920, 14 MiB, allocated twice a
     * photo by libvips). Mapped fresh for every photo, as they were with an 8 MiB threshold, their
     * page faults and zeroing cost 0.6 s of system time in 28 s of CPU for 40 photos. */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    /* One arena per core (glibc allows eight a core): the threads that render turns or make
     * photos, one a core, each reuse their own arena's freed blocks instead of several arenas
     * each keeping a photo's worth. With glibc's arenas the 32 MiB threshold raised the peak for
     * 40 photos from 345 to about 500 MiB; with these, it is 305 MiB. */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores > 0) mallopt(M_ARENA_MAX, cores > 1024 ? 1024 : (int)cores);
#endif
}

/* The bump allocator (see cplatform.h). Each block is preceded by a 16-byte header holding its
 * size, so realloc knows how much to copy; blocks stay 16-byte aligned, as malloc's are. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Under AddressSanitizer (the fuzz build) the region keeps everything not handed out poisoned:
 * block headers act as red zones between blocks, and after end() the whole region is poisoned, so
 * an overflow or a use after the parse is reported as it would be with malloc. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CPLATFORM_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CPLATFORM_ASAN 1
#endif
#ifdef CPLATFORM_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

typedef struct ArenaChunk {
    struct ArenaChunk *next;
    size_t size;
    size_t used;
    size_t pad; /* keeps data 16-byte aligned */
    unsigned char data[];
} ArenaChunk;

enum { ARENA_HEADER = 16, ARENA_FIRST_CHUNK = 256 * 1024 };

static __thread ArenaChunk *arena_first;
static __thread ArenaChunk *arena_current;
static __thread unsigned char *arena_last; /* the newest block, which realloc can grow in place */
static __thread int arena_active;

static ArenaChunk *arena_new_chunk(size_t size) {
    ArenaChunk *chunk = malloc(sizeof(ArenaChunk) + size);
    if (!chunk) abort(); /* as cmark-gfm's own allocator does */
    chunk->next = NULL;
    chunk->size = size;
    chunk->used = 0;
    POISON(chunk->data, size);
    return chunk;
}

int cplatform_arena_begin(void) {
    if (arena_active) return 0;
    if (!arena_first) arena_first = arena_new_chunk(ARENA_FIRST_CHUNK);
    arena_current = arena_first;
    arena_first->used = 0;
    arena_last = NULL;
    arena_active = 1;
    return 1;
}

void cplatform_arena_end(void) {
    if (!arena_first) return;
    /* Large replies grew extra chunks; give them back rather than keep a thread's peak. */
    ArenaChunk *chunk = arena_first->next;
    while (chunk) {
        ArenaChunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
    arena_first->next = NULL;
    POISON(arena_first->data, arena_first->used);
    arena_first->used = 0;
    arena_current = arena_first;
    arena_last = NULL;
    arena_active = 0;
}

/* `size` bytes, not cleared. */
static void *arena_take(size_t size) {
    if (size > SIZE_MAX - 2 * ARENA_HEADER) abort();
    size_t need = ARENA_HEADER + ((size + 15) & ~(size_t)15);
    if (arena_current->size - arena_current->used < need) {
        size_t chunkSize = arena_current->size * 2;
        if (chunkSize < need) chunkSize = need;
        ArenaChunk *chunk = arena_new_chunk(chunkSize);
        arena_current->next = chunk;
        arena_current = chunk;
    }
    unsigned char *header = arena_current->data + arena_current->used;
    arena_current->used += need;
    UNPOISON(header, sizeof(size_t));
    *(size_t *)header = size;
    POISON(header, ARENA_HEADER);
    arena_last = header + ARENA_HEADER;
    UNPOISON(arena_last, size);
    return arena_last;
}

void *cplatform_arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) abort();
    void *block = arena_take(count * size);
    memset(block, 0, count * size);
    return block;
}

void *cplatform_arena_realloc(void *pointer, size_t size) {
    if (!pointer) return arena_take(size);
    unsigned char *block = pointer;
    size_t *header = (size_t *)(block - ARENA_HEADER);
    UNPOISON(header, sizeof(size_t));
    size_t old = *header;
    POISON(header, sizeof(size_t));
    if (block == arena_last) {
        /* The newest block grows where it is when its chunk has room. */
        size_t oldRounded = (old + 15) & ~(size_t)15;
        size_t newRounded = (size + 15) & ~(size_t)15;
        if (size <= SIZE_MAX - 2 * ARENA_HEADER && newRounded >= oldRounded
            && arena_current->size - arena_current->used >= newRounded - oldRounded) {
            arena_current->used += newRounded - oldRounded;
            UNPOISON(header, sizeof(size_t));
            *header = size;
            POISON(header, sizeof(size_t));
            UNPOISON(block, size);
            return block;
        }
        if (size <= old) {
            UNPOISON(header, sizeof(size_t));
            *header = size;
            POISON(header, sizeof(size_t));
            POISON(block + size, old - size);
            return block;
        }
    } else if (size <= old) {
        return block;
    }
    void *moved = arena_take(size);
    memcpy(moved, block, old < size ? old : size);
    return moved;
}

void cplatform_arena_free(void *pointer) { (void)pointer; }
